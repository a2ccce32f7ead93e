import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible as axe, loginAs, test } from '../fixtures';

/** axe once the page has settled (lazy chunks loaded, no request outstanding). */
async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  await axe(page);
}

const SHOTS = '/tmp/shots';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/exclusions-${name}.png`, fullPage: false });

const table = (page: Page) => page.getByRole('table', { name: 'Exclusions' });
const rowOf = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text }).first();

/** A small real PNG (1×1 red pixel). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function openExclusions(page: Page) {
  await page.goto('/exclusion');
  await expect(page.getByRole('heading', { name: 'Manage Exclusions', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, 'McFakerson')).toBeVisible({ timeout: 30_000 });
}

test('a client admin: active only by default, sorted by Name, which is not sortable; building column', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await expect(page).toHaveTitle('SafeVisitor - Manage Exclusions');
  await expect(page.getByRole('switch', { name: 'Active only' })).toBeChecked();
  await expect(table(page)).not.toContainText('Fictional'); // inactive demo exclusion
  const nameHeader = table(page).getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader.getByRole('button')).toHaveCount(0);
  const names = await table(page).getByTestId('exclusion-name').allInnerTexts();
  expect(names.map((n) => n.trim().toLowerCase())).toEqual([...names].map((n) => n.trim().toLowerCase()).sort());
  await expect(rowOf(page, 'Demoperson')).toContainText('Violent Or Threatening Behavior');
  await expect(rowOf(page, 'Demoperson')).toContainText('North High School');
  await expect(rowOf(page, 'McFakerson')).toContainText('Global');
  // any other type shows its reason text (spec 000 §3)
  await expect(rowOf(page, 'Notreal')).toContainText('Custody order: not to pick up students (demo)');
  await expect(table(page).getByRole('columnheader', { name: /District/ })).toHaveCount(0);
  await expect(table(page)).not.toContainText('Southperson');
  await expectAccessible(page);
  await shot(page, 'client-admin-list');

  await page.getByRole('switch', { name: 'Active only' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Active only' })).not.toBeChecked();
  await expect(rowOf(page, 'Fictional')).toContainText('Inactive');
});

test('an admin sees the client filter and the client column', async ({ page }) => {
  await loginAs(page, 'admin');
  await openExclusions(page);
  await expect(rowOf(page, 'Southperson')).toContainText('South Valley District');
  await page.getByRole('combobox', { name: 'District', exact: true }).click();
  await page.getByRole('option', { name: 'South Valley District' }).click();
  await expect(table(page)).not.toContainText('McFakerson');
  await expect(rowOf(page, 'Southperson')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'admin-list');
});

test('adds an exclusion with the defaults; a future date of birth is cleared and blocks saving; photo upload', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await page.getByRole('button', { name: 'Add Exclusion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Exclusion' });
  await expect(dialog.getByRole('switch', { name: /Global/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
  await expect(dialog.getByText('No photo')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Zed');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Nobodyreal');
  await dialog.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Failed Background Check' }).click();

  const dob = dialog.getByRole('textbox', { name: 'Date of birth' });
  await dob.pressSequentially('01012999');
  await expect(dob).toHaveValue('');
  await expect(dialog.getByText('The date of birth must be before today.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dob.pressSequentially('0315198');
  await expect(dob).toHaveValue('03/15/198');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dob.pressSequentially('2');
  await expect(dob).toHaveValue('03/15/1982');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();

  // the calendar stops at yesterday
  await dialog.getByRole('button', { name: 'Open calendar' }).click();
  await expect(page.getByRole('dialog', { name: 'Open calendar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Open calendar' }).click();
  await expect(page.getByRole('dialog', { name: 'Open calendar' })).toBeHidden();

  await dialog.locator('input[type="file"]').setInputFiles({ name: 'zed.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('exclusion-photo')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Photo of Zed Nobodyreal' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'add-modal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'Nobodyreal');
  await expect(row).toContainText('03/15/1982');
  await expect(row).toContainText('Failed Background Check');
  await expect(row).toContainText('Global');
  await expect(row.getByRole('img', { name: 'Photo of Zed Nobodyreal' })).toBeVisible();

  // edit it: a building of the district (active buildings only), the title says Edit Exclusion
  await row.getByRole('button', { name: 'Edit exclusion of Zed Nobodyreal' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Exclusion' });
  await expect(edit.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('03/15/1982');
  // Mantine's switch input is visually hidden: activate it directly, then assert the new state
  const globalSwitch = edit.getByRole('switch', { name: /Global/ });
  await globalSwitch.evaluate((el) => (el as HTMLInputElement).click());
  await expect(globalSwitch).not.toBeChecked();
  await edit.getByRole('combobox', { name: 'Building', exact: true }).click();
  await expect(page.getByRole('option', { name: 'South Valley Elementary' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Lincoln Elementary' }).click();
  await edit.getByRole('textbox', { name: 'Date of birth' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, 'Nobodyreal')).toContainText('Lincoln Elementary');
  // a missing date is stored as 01/01/1970 and shown as not known
  await expect(rowOf(page, 'Nobodyreal')).toContainText('Not known');
});

test("a failed photo upload shows 'Upload failed' and clears the photo", async ({ page, consoleErrors }) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await page.getByRole('button', { name: 'Add Exclusion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Exclusion' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('exclusion-photo')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'not-really.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not an image'),
  });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('exclusion-photo')).toHaveCount(0);
  await expect(dialog.getByText('No photo')).toBeVisible();
  // the browser logs the refused upload's 415; that is the expected outcome here
  const i = consoleErrors.findIndex((e) => e.includes('status of 415'));
  if (i >= 0) consoleErrors.splice(i, 1);
});

test("a load failure closes the modal and logs 'Unable to get Exclusion from WIP'", async ({ page, consoleErrors }) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await page.route(/\/api\/exclusions\/\d+$/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"requestId":"","code":"NOT_FOUND","message":"Exclusion not found"}',
    }),
  );
  const logged = page.waitForEvent(
    'console',
    (m) => m.type() === 'error' && m.text() === 'Unable to get Exclusion from WIP',
  );
  await rowOf(page, 'McFakerson')
    .getByRole('button', { name: /Edit exclusion/ })
    .click();
  await logged;
  await expect(page.getByRole('dialog', { name: 'Edit Exclusion' })).toBeHidden();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => e !== 'Unable to get Exclusion from WIP'),
  );
});

test('an attendant reads global and own-building exclusions only, without management controls', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await openExclusions(page);
  await expect(rowOf(page, 'Demoperson')).toBeVisible();
  await expect(table(page)).not.toContainText('Notreal'); // Lincoln Elementary's
  await expect(page.getByRole('button', { name: 'Add Exclusion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: /Edit exclusion/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'attendant-list');
});

test('imports a mixed good and bad exclusions file: results, the error file, the new rows', async ({ page }) => {
  await loginAs(page, 'admin');
  await openExclusions(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exclusions' });
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'District to import into', exact: true }).click();
  await page.getByRole('option', { name: 'North County Schools' }).click();
  const csv = [
    'First Name,Last Name,Date of Birth,Type,Reason,Building,Active',
    'Ima,Fakeimport,04/15/1980,Trespassed,,,Yes',
    'Nota,Realimport,,Restricted Access,,North High School,Yes',
    'Bad,Typeimport,01/01/1990,Jaywalking,,,Yes',
    'Future,Bornimport,01/01/2999,Trespassed,,,Yes',
  ].join('\r\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'exclusions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toContainText('2 rows imported.');
  await expect(dialog).toContainText('2 rows were rejected');
  await expect(dialog).toContainText('Type: must be');
  await expect(dialog).toContainText('The date of birth must be before today.');
  await shot(page, 'import-results');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download the error file' }).click();
  const errorFile = fs.readFileSync((await (await downloadPromise).path())!, 'utf8');
  expect(errorFile).toContain('Reason');
  expect(errorFile).toContain('Typeimport');
  expect(errorFile).not.toContain('Fakeimport');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, 'Fakeimport')).toContainText('North County Schools');
  await expect(rowOf(page, 'Realimport')).toContainText('Not known');
});

test('a wrong exclusions import is undone: from its results, and later from the recent imports (issue 26 §4)', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  const upload = async (rows: string[]) => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Exclusions' });
    const csv = ['First Name,Last Name,Date of Birth,Type,Reason', ...rows].join('\r\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'exclusions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toContainText(rows.length === 1 ? '1 row imported.' : `${rows.length} rows imported.`);
    return dialog;
  };
  const undo = async (scope: ReturnType<typeof page.getByRole>) => {
    await scope.getByRole('button', { name: 'Undo this import' }).first().click();
    await page
      .getByRole('dialog', { name: 'Undo this import?' })
      .getByRole('button', { name: 'Undo this import' })
      .click();
  };

  let dialog = await upload(['Wrong,Undoneone,04/15/1980,Trespassed,', 'Wrong,Undonetwo,04/15/1981,Trespassed,']);
  await undo(dialog);
  await expect(dialog.getByTestId('import-undone')).toHaveText('The import was undone: 2 removed.');
  await expectAccessible(page);
  await shot(page, 'import-undone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(table(page).getByRole('row').filter({ hasText: 'Undoneone' })).toHaveCount(0);

  dialog = await upload(['Late,Undonethree,04/15/1982,Trespassed,']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, 'Undonethree')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Import Exclusions' });
  const recent = dialog.getByTestId('recent-imports');
  await expect(recent).toContainText('1 row added');
  await undo(recent);
  await expect(recent.getByTestId('import-undone')).toHaveText('The import was undone: 1 removed.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(table(page).getByRole('row').filter({ hasText: 'Undonethree' })).toHaveCount(0);
});

test('several exclusions are deactivated at once from the list (issue 26 §4)', async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exclusions' });
  const csv = [
    'First Name,Last Name,Date of Birth,Type,Reason',
    'Bulk,Offone,04/15/1980,Trespassed,',
    'Bulk,Offtwo,04/15/1981,Trespassed,',
  ].join('\r\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'exclusions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toContainText('2 rows imported.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('checkbox', { name: 'Select Bulk Offone' }).check();
  await page.getByRole('checkbox', { name: 'Select Bulk Offtwo' }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await expectAccessible(page);
  await shot(page, 'bulk-selected');
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 2 exclusions?' });
  await expect(confirm).toContainText('no longer be stopped at check-in');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('2 exclusions deactivated.')).toBeVisible();
  await expect(bar).toHaveCount(0);
  // the list shows active ones only: both are gone from it
  await expect(
    table(page)
      .getByRole('row')
      .filter({ hasText: /Offone|Offtwo/ }),
  ).toHaveCount(0);
});

test("exports the client admin's exclusions only", async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  await openExclusions(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Exclusions' });
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^exclusions.*\.csv$/);
  const content = fs.readFileSync((await download.path())!, 'utf8');
  expect(content).toContain('McFakerson');
  expect(content).not.toContain('Southperson');
  expect(content).not.toContain('Fictional');
});

test('a kiosk account cannot reach the exclusions screen', async ({ page }) => {
  await loginAs(page, 'kioskNorthHigh');
  await page.goto('/exclusion');
  // sent to the kiosk or to a sign-in page, never the staff screen
  await expect(page).toHaveURL(/\/safe\/kiosk|\/Account\/Login/i);
  await expect(page.getByRole('heading', { name: 'Manage Exclusions' })).toHaveCount(0);
});
