import { apiOf } from '../desk/desk-api';
import { expect, loginAs, test } from '../fixtures';
import { waitForMail } from '../mail';

/**
 * Renewals in the browser (issue 25, ADR 0038; spec 001 §4 "Renewal of X; Currently: Y"): the office
 * sends an expiring volunteer the renewal link ("Send Expiration Email", audit 001 B4: the e-mail used
 * to say only "contact the district office"), the volunteer renews from the form filled in from the
 * registration, the office sees the renewal with links both ways and approves it, and the approved
 * renewal supersedes the original. The hourly sweep sends the same invitation by itself (API tests:
 * renewals.test.ts); the browser tests' servers cannot fast-forward a job, the office's action can.
 */
const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('the office sends the renewal link; the volunteer renews from the prefilled form; approval supersedes the original', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const letters = stamp.replace(/\d/g, '').slice(0, 5) || 'x';
  const person = { first: 'Rosalind', last: `Renewfield${letters}`, dob: '1979-03-14' };
  const email = `rosalind.${stamp}@example.test`;
  const expDate = isoInDays(20);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  const type = await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: `Renewing volunteers ${stamp}`,
    code: `renewing-${stamp}`,
    language: 'en',
    months: 12,
  });
  const original = await api.post('/api/registrations', {
    registrationTypeId: type.id,
    firstname: person.first,
    lastname: person.last,
    email,
    dob: person.dob,
    approved: true,
    expDate,
  });

  // --- the office: Send Expiration Email from the list's menu
  await page.goto('/registration');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  const row = page.getByRole('row', { name: new RegExp(person.last) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Send Expiration Email' }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText('Are you sure you want to send expiration email for this visitor registration?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Expiration e-mail sent.')).toBeVisible();

  // --- the e-mail is the renewal invitation with the personal link, not "contact the office"
  const mail = await waitForMail((m) => m.to.includes(email));
  expect(mail.subject).toContain('Renew your');
  expect(mail.text).toContain(`expires on ${us(expDate)}`);
  expect(mail.text).not.toContain('contact the district office');
  const link = new URL(/https?:\/\/\S+\?invitation=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? 'http://x/');
  expect(link.pathname).toBe(`/register/${api.user.clientId}/renewing-${stamp}`);

  // --- the volunteer opens it (no session): the form says it renews and is filled in, not the DOB
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1024, height: 900 } });
  const p = await visitor.newPage();
  await p.goto(`${link.pathname}${link.search}`);
  await expect(p.getByText(`You are renewing your registration, which expires on ${us(expDate)}.`)).toBeVisible();
  await expect(p.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(person.first);
  await expect(p.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue(person.last);
  await expect(p.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('');
  await p.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('03141979');
  await p.getByRole('textbox', { name: 'Street address', exact: true }).fill('14 Birch Lane');
  await p.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await p.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await p.getByRole('textbox', { name: 'ZIP code' }).fill('62704');
  await p.getByRole('textbox', { name: 'Phone' }).fill('217-555-0177');
  await p.getByRole('checkbox', { name: /I have read the disclosure/ }).check();
  await p
    .getByRole('textbox', { name: 'Type your full name as your signature' })
    .fill(`${person.first} ${person.last}`);
  await p.getByRole('button', { name: 'Submit registration' }).click();
  const reference = p.getByTestId('registration-reference');
  await expect(reference).toHaveText(/^R-\d+$/);
  const renewalId = Number(((await reference.textContent()) ?? '').trim().replace(/^R-/, ''));
  await visitor.close();

  // --- the office: the renewal says what it renews and links to it; approving it supersedes
  await page.goto(`/registration/${renewalId}`);
  await expect(page.getByText('Renewal of Approved; Currently: Pending')).toBeVisible();
  await page.getByRole('link', { name: `Open the registration it renews (ID ${original.id})` }).click();
  await expect(page).toHaveURL(new RegExp(`/registration/${original.id}$`));
  await expect(page.getByText(`Renewed by registration ID ${renewalId}`)).toBeVisible();

  await page.goto('/registration');
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  const pending = page.getByRole('row', { name: /Pending/ }).filter({ hasText: person.last });
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: /Approve/ });
  await approve.getByRole('button', { name: /^Approve/ }).click();
  await expect(approve).toBeHidden();

  await page.goto(`/registration/${renewalId}`);
  await expect(page.getByText('Renewal of Expired; Currently: Approved')).toBeVisible();
  // the original's badge is no longer valid: its expiry is yesterday
  const after = await api.get(`/api/registrations/${original.id}`);
  expect(after.expDate < isoInDays(0)).toBe(true);
});
