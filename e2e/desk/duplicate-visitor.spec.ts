import type { APIResponse, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * Issue 22 "A person, not a record": "Create a New Visitor" continues with the person already on
 * file ("Already on file: …"), and warns of a likely duplicate by name alone before it saves
 * ("This may be someone already on file", with a deliberate "Create anyway").
 */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function apiOf(page: Page) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const headers = { 'x-csrf-token': session.csrfToken as string };
  return {
    buildingId: session.user.buildingId as number,
    // every create takes an Idempotency-Key (issue 23 §4): a fresh one per call
    post: (url: string, data: unknown) =>
      page.request.post(url, { data, headers: { ...headers, 'idempotency-key': crypto.randomUUID() } }).then(ok),
  };
}

async function typeNewVisitor(page: Page, first: string, last: string, dob: string) {
  await page.goto('/visitor/verify/0');
  await expect(page.getByRole('heading', { name: 'New Visitor' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially(dob);
  await page.getByRole('button', { name: 'Save and screen' }).click();
}

test('a likely duplicate is shown before saving; "Use this record" continues with it, "Create anyway" creates', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const api = await apiOf(page);
  const first = cap(letters());
  const last = `Dup${letters()}`;
  // on file without a date of birth
  const onFile = await api.post('/api/visitors', { firstname: first, lastname: last, buildingId: api.buildingId });

  await typeNewVisitor(page, first, last, '06061966');
  const dialog = page.getByRole('dialog', { name: 'This may be someone already on file' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('duplicate-candidates')).toContainText(`${first} ${last}`);
  await expect(dialog.getByTestId('duplicate-candidates')).toContainText('No date of birth');
  await expect(dialog.getByTestId('duplicate-candidates')).toContainText('Never visited');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: `Use the record of ${first} ${last}` }).click();
  await expect(page).toHaveURL(new RegExp(`/background/visitor/${onFile.id}$`));

  await typeNewVisitor(page, first, last, '06061966');
  await page
    .getByRole('dialog', { name: 'This may be someone already on file' })
    .getByRole('button', { name: 'Create anyway' })
    .click();
  await expect(page).toHaveURL(/\/background\/visitor\/\d+$/);
  const created = Number(page.url().split('/').pop());
  expect(created).not.toBe(onFile.id);
});

test('the same person typed again (an invisible character in the name) is "Already on file"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const api = await apiOf(page);
  const first = cap(letters());
  const last = `Known${letters()}`;
  const onFile = await api.post('/api/visitors', {
    firstname: first,
    lastname: last,
    dob: '1970-07-07',
    buildingId: api.buildingId,
  });
  await typeNewVisitor(page, `${first}\u200b`, last, '07071970');
  await expect(page).toHaveURL(new RegExp(`/background/visitor/${onFile.id}$`));
  await expect(page.getByText(`Already on file: ${first} ${last}, born 07/07/1970, last visit never`)).toBeVisible();
});

test('an administrator merges a duplicate record after comparing both, and can undo it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const first = cap(letters());
  const last = `Twice${letters()}`;
  const keep = await desk.post('/api/visitors', { firstname: first, lastname: last, buildingId: desk.buildingId });
  const duplicate = await desk.post('/api/visitors', {
    firstname: first,
    lastname: last,
    dob: '1966-06-06',
    phone: '847-555-0142',
    buildingId: desk.buildingId,
    confirmNew: true,
  });
  // attendants do not see the action
  await page.goto(`/verify/visitor/${keep.id}`);
  await expect(page.getByRole('heading', { name: 'Visitor', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Merge duplicate' })).toHaveCount(0);

  await loginAs(page, 'clientAdminNorth');
  await page.goto(`/verify/visitor/${keep.id}`);
  await page.getByRole('button', { name: 'Merge duplicate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge a duplicate record into this one' });
  const row = dialog.getByRole('listitem', { name: `${first} ${last}` });
  await expect(row).toContainText('Born 06/06/1966');
  await row.getByRole('button', { name: 'Compare' }).click();
  await expect(dialog.getByRole('table')).toContainText('847-555-0142');
  await expect(dialog.getByRole('table')).toContainText(`#${duplicate.id}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Merge records' }).click();
  await expect(page.getByText(/^Records merged\. You can undo the merge until/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByText('Merge undone: the records are separate again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo merge' })).toHaveCount(0);
});
