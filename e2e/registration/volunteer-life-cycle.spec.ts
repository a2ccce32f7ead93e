import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';
import { waitForMail } from '../mail';

/**
 * Issue 11 "Done means", the whole volunteer life cycle in the browser: an administrator sends an
 * invitation → the e-mail arrives at the test SMTP server → the volunteer fills the public form on
 * a phone in Spanish → the administrator approves and prints the badge → an attendant scans the
 * registration badge at the desk and checks the volunteer in; then a registry import that adds the
 * volunteer raises an arrest alert, e-mails the type's contact, and the next badge scan is refused.
 */
const SHOTS = '/tmp/shots-lifecycle';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

function registryUpload(person: { first: string; last: string; dob: string }, id: string) {
  const boundary = `----sv-e2e-${id}`;
  const part = (name: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nE2E\r\n` +
    part('offenders.csv', `id,dob,gender,url,photo url,absconder\n${id},${person.dob},F,,,N`) +
    part('names.csv', `id,prefix,first,middle,last,suffix,is primary\n${id},,${person.first},,${person.last},,Y`) +
    `--${boundary}--\r\n`;
  return { body: Buffer.from(body), contentType: `multipart/form-data; boundary=${boundary}` };
}

test('invitation → Spanish public form on a phone → approval and badge → desk check-in → arrest alert refuses the badge', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const typeName = `Voluntarios ${stamp}`;
  const email = `valeria.${stamp}@example.test`;
  const contact = `safety.${stamp}@north.example`;
  // a surname nobody else has, so the registry import below matches only this volunteer
  const last = `Quintanilla${stamp.replace(/\d/g, '').slice(0, 4) || 'x'}`;
  const person = { first: 'Valeria', last, dob: '1983-04-09' };

  // --- the administrator: a Spanish type in arrest watch, with a contact told at every level
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: typeName,
    code: `voluntarios-${stamp}`,
    language: 'es',
    inArrestWatch: true,
    awContacts: [
      {
        name: 'Safety Office',
        email: contact,
        mobile: '',
        notificationLevels: [1, 2, 3, 4, 5, 6],
        badgeLevels: [1, 2, 3, 4, 5, 6],
      },
    ],
  });

  // --- the invitation (spec 001 §2 Send registration)
  await page.goto('/registration/send');
  const one = page.getByRole('region', { name: 'Invite one person' });
  await one.getByRole('textbox', { name: 'First name' }).fill(person.first);
  await one.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  await one.getByRole('textbox', { name: 'Email' }).fill(email);
  const nextYear = new Date().getFullYear() + 1;
  await one.getByRole('textbox', { name: 'Expiration date' }).fill(`06/30/${nextYear}`);
  await one.getByRole('textbox', { name: 'Expiration date' }).press('Tab');
  await one.getByRole('combobox', { name: 'Registration type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await one.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${person.first} ${person.last}.`)).toBeVisible();

  // --- the e-mail at the SMTP server carries the personal link
  const invitation = await waitForMail((m) => m.to.includes(email));
  const link = new URL(/https?:\/\/\S+\?invitation=[A-Za-z0-9_-]+/.exec(invitation.text)?.[0] ?? 'http://x/');
  expect(link.pathname).toBe(`/register/${api.user.clientId}/voluntarios-${stamp}`);

  // --- the volunteer, on a phone, in Spanish
  const phone = await browser.newContext({
    baseURL,
    locale: 'es-US',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const p = await phone.newPage();
  await p.goto(`${link.pathname}${link.search}`);
  await expect(p.getByRole('heading', { name: `Registro de ${typeName}`, level: 1 })).toBeVisible();
  await expect(p.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(person.first);
  // issue 25 (audit 001 U15): Submit at the bottom of an incomplete form brings the first field
  // marked in red into view and focuses it (the banner at the top was off-screen)
  await p.getByRole('button', { name: 'Enviar registro' }).click();
  const firstInvalid = p.locator('[aria-invalid="true"]').first();
  await expect(firstInvalid).toBeFocused();
  await expect(firstInvalid).toBeInViewport();
  await p.getByRole('textbox', { name: 'Fecha de nacimiento' }).pressSequentially('04091983');
  await p.getByRole('textbox', { name: 'Dirección', exact: true }).fill('8 Maple Ct');
  await p.getByRole('textbox', { name: 'Ciudad' }).fill('Springfield');
  await p.getByRole('combobox', { name: 'Estado' }).selectOption('IL');
  await p.getByRole('textbox', { name: 'Código postal' }).fill('62704');
  await p.getByRole('textbox', { name: 'Teléfono' }).fill('217-555-0142');
  await p.getByRole('checkbox', { name: /He leído el aviso/ }).check();
  await p
    .getByRole('textbox', { name: 'Escriba su nombre completo como firma' })
    .fill(`${person.first} ${person.last}`);
  await p.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(p.getByRole('heading', { name: '¡Gracias! Recibimos su registro.' })).toBeVisible();
  const reference = ((await p.getByTestId('registration-reference').textContent()) ?? '').trim();
  const registrationId = Number(reference.replace(/^R-/, ''));
  expect(registrationId).toBeGreaterThan(0);
  await phone.close();

  // --- the administrator approves it from the list (default status Pending) and prints the badge
  await page.goto('/registration');
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  const row = page.getByRole('row', { name: new RegExp(person.last) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: /Approve/ });
  await expect(approve).toBeVisible();
  await approve.getByRole('button', { name: /^Approve/ }).click();
  await expect(approve).toBeHidden();
  await page.goto(`/registration/${registrationId}`);
  await expect(page.getByText('Approved').first()).toBeVisible();
  const badgeCode = ((await page.getByTestId('edit-badge-code').textContent()) ?? '').trim();
  expect(badgeCode.length).toBeGreaterThanOrEqual(10);
  const pdf = await page.request.get(`/api/registrations/${registrationId}/badge.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await shot(page, 'registration-approved');

  // --- the attendant scans the registration badge and checks the volunteer in
  const deskCtx = await browser.newContext({ baseURL });
  const desk = await deskCtx.newPage();
  await loginAs(desk, 'deskNorthHigh');
  await desk.getByTestId('desk-button-checkIn').click();
  const scan = desk.getByRole('dialog');
  await scan.getByRole('textbox', { name: 'Badge code or licence number' }).fill(badgeCode);
  await scan.getByRole('button', { name: 'Find' }).click();
  await expect(desk).toHaveURL(/\/background\/visitor\/\d+/);
  await desk.getByRole('button', { name: 'Allow Entry' }).click();
  await expect(desk).toHaveURL(/\/visitor\/checkin\/\d+$/);
  await expect(desk.getByTestId('registered-entry')).toHaveText(`Registered: ${typeName} (registration badge)`);
  await expectAccessible(desk);
  await shot(desk, 'registered-check-in');
  const reason = desk.getByRole('combobox', { name: /Reason/ });
  if (await reason.isVisible()) {
    await reason.click();
    await desk.getByRole('option').first().click();
  }
  const checkIn = desk.waitForRequest((r) => r.url().endsWith('/api/visits') && r.method() === 'POST');
  await desk.getByRole('button', { name: 'Check In' }).click();
  const photo = desk.getByRole('dialog', { name: /Picture/ });
  if (await photo.isVisible().catch(() => false)) {
    await photo.getByRole('button', { name: 'Take picture' }).click();
    await photo.getByRole('button', { name: 'Save photo' }).click();
  }
  expect((await checkIn).postDataJSON()).toMatchObject({ registrationId, visitorType: 'volunteer' });
  await expect(desk).toHaveURL(/\/visitor\/in\/visit\/\d+$/);

  // --- a registry import names the volunteer: arrest watch alerts, tells the contact, suspends
  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await loginAs(admin, 'admin');
  const { csrfToken } = await (await admin.request.get('/api/auth/session')).json();
  const upload = registryUpload(person, `LC${stamp}`);
  const imported = await admin.request.post('/api/registry/imports', {
    headers: { 'x-csrf-token': csrfToken, 'content-type': upload.contentType },
    data: upload.body,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const alertMail = await waitForMail((m) => m.to.includes(contact), 30_000);
  expect(alertMail.subject).toContain('Arrest watch alert');
  expect(alertMail.text).toContain(`/registration/${registrationId}`);

  // the administrator opens the alert from the registration
  await page.goto(`/registration/${registrationId}`);
  await expect(page.getByText('Suspended').first()).toBeVisible();
  await page
    .getByRole('button', { name: /— open/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Arrest alert' });
  await expect(dialog.getByTestId('alert-reasons').getByRole('listitem').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'arrest-alert');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // the next badge scan at the desk is refused, with the reason
  await desk.goto('/');
  await desk.getByTestId('desk-button-checkIn').click();
  const again = desk.getByRole('dialog');
  await again.getByRole('textbox', { name: 'Badge code or licence number' }).fill(badgeCode);
  await again.getByRole('button', { name: 'Find' }).click();
  const refused = again.getByTestId('registration-refused');
  await expect(refused).toContainText('cannot be checked in with this badge');
  await expect(refused).toContainText('suspended pending an arrest-watch review');
  await shot(desk, 'badge-refused');

  // issue 25 (audit 001 U8, B3): a suspended badge is not offered for print, and its print window
  // says why in a page (not the API's JSON)
  await page.goto('/registration');
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  await page.getByRole('textbox', { name: 'Last name' }).press('Enter');
  const suspendedRow = page.getByRole('row', { name: new RegExp(person.last) });
  await expect(suspendedRow).toBeVisible();
  await suspendedRow.getByRole('button', { name: /^Actions for/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Print' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const printWindow = await page.request.get(`/Badge/PrintRegistration/${registrationId}`);
  expect(printWindow.status()).toBe(409);
  expect(printWindow.headers()['content-type']).toContain('text/html');
  expect(await printWindow.text()).toContain('suspended pending an arrest-watch review');

  // cleared: the alert no longer reads 'suspends the badge' (audit 001 U9)
  await page.goto(`/registration/${registrationId}`);
  await page
    .getByRole('button', { name: /— open/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Not this person: clear' }).click();
  await expect(page.getByText('The alert was cleared.')).toBeVisible();
  await page.reload();
  const clearedAlert = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /— cleared/ }) });
  await expect(clearedAlert.first()).toContainText('the badge is no longer suspended by it');
  await expect(clearedAlert.first()).not.toContainText('suspends the badge');
  await deskCtx.close();
  await adminCtx.close();
});
