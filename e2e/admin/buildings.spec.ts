import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { startFakePrinter } from '../../apps/server/src/test/peers/fake-printer';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = '/tmp/shots';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/buildings-${name}.png`, fullPage: false });

const table = (page: Page) => page.getByRole('table', { name: 'Buildings' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name }).first();

async function openBuildings(page: Page) {
  await page.goto('/building');
  await expect(page.getByRole('heading', { name: 'Buildings', level: 1 })).toBeVisible();
  await expect(rowOf(page, 'North High School')).toBeVisible();
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin sees the client filter and the client column and can filter by client', async ({ page }) => {
  await loginAs(page, 'admin');
  await openBuildings(page);
  await expect(page).toHaveTitle('SafeVisitor - Buildings');
  await expect(table(page).getByRole('columnheader', { name: 'District' })).toBeVisible();
  await expect(rowOf(page, 'South Valley Elementary')).toBeVisible();
  await expect(rowOf(page, 'South Valley Elementary')).toContainText('South Valley District');
  await expectAccessible(page);
  await shot(page, 'admin-list');

  await chooseOption(page, 'District', 'South Valley District');
  await expect(table(page).getByRole('row').filter({ hasText: 'North High School' })).toHaveCount(0);
  await expect(rowOf(page, 'South Valley Elementary')).toBeVisible();
  await expect(page).toHaveURL(/clientId=\d+/);
});

test('a client admin sees only their district, without the client filter or column', async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await expect(page.getByRole('combobox', { name: 'District', exact: true })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'District' })).toHaveCount(0);
  await expect(rowOf(page, 'Lincoln Elementary')).toBeVisible();
  await expect(table(page)).not.toContainText('South Valley');
  await expectAccessible(page);
  await shot(page, 'client-admin-list');
});

test('adds a building with the new-building defaults, then edits it; active-only hides it once inactive', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await page.getByRole('button', { name: 'Add building' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Building' });
  await expect(modal).toBeVisible();
  // spec 000 §4: active, and every kiosk and attendant photo and badge-print requirement on
  await expect(modal.getByRole('switch', { name: 'Active' })).toBeChecked();
  const desk = modal.getByRole('group', { name: 'Front desk requirements' });
  const kiosk = modal.getByRole('group', { name: 'Kiosk requirements' });
  for (const group of [desk, kiosk]) {
    for (const name of [
      'Visitor photo at check-in',
      'Volunteer photo at check-in',
      'Print a visitor badge',
      'Print a volunteer badge',
    ]) {
      await expect(group.getByRole('switch', { name })).toBeChecked();
    }
  }
  await expect(modal.getByRole('switch', { name: 'Student photo at kiosk check-in' })).toBeChecked();
  await expect(modal.getByRole('switch', { name: 'Student photo at kiosk check-out' })).toBeChecked();
  await expect(modal.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
  await expectAccessible(page);
  await shot(page, 'add-modal');

  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Enter the building name')).toBeVisible();

  await modal.getByRole('textbox', { name: 'Name' }).fill('Willow Creek Middle School');
  await modal.getByRole('textbox', { name: 'Street address', exact: true }).fill('2300 Shermer Rd');
  await modal.getByRole('textbox', { name: 'City' }).fill('Northbrook');
  await modal.getByRole('textbox', { name: 'Zip code' }).fill('60062-1234');
  await expect(modal.getByRole('textbox', { name: 'Zip code' })).toHaveValue('60062');
  await modal.getByRole('combobox', { name: 'Time zone' }).fill('Denver');
  await page.getByRole('option', { name: 'America/Denver', exact: true }).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Building saved.')).toBeVisible();
  await expect(modal).toBeHidden();
  const row = rowOf(page, 'Willow Creek Middle School');
  await expect(row).toContainText('America/Denver');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: 'Edit Willow Creek Middle School' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Building' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Willow Creek Middle School');
  await expect(edit.getByRole('textbox', { name: 'District' })).toHaveValue('North County Schools');
  await edit.getByRole('switch', { name: 'Active' }).evaluate((el) => (el as HTMLInputElement).click());
  await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table(page).getByRole('row').filter({ hasText: 'Willow Creek Middle School' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Active only' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Active only' })).not.toBeChecked();
  await expect(rowOf(page, 'Willow Creek Middle School')).toContainText('Inactive');
});

test('the building form says how the building prints, and Print test page proves each way (issue 23 §7)', async ({
  page,
}) => {
  test.setTimeout(150_000); // three saves and three test pages
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await page.getByRole('button', { name: 'Add building' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Building' });
  const printing = modal.getByRole('group', { name: 'Printing' });
  await modal.getByRole('textbox', { name: 'Name' }).fill('Cedar Print Annex');
  await expect(printing.getByRole('radio', { name: 'From the server' })).toBeChecked();
  await expect(printing.getByRole('button', { name: 'Print test page' })).toBeDisabled();
  await expect(printing).toContainText('Save the building first, then print a test page.');
  // the form refuses what the API refuses: a public address, a host name, another port
  const address = printing.getByRole('textbox', { name: 'Badge printer address' });
  await address.fill('8.8.8.8');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(printing.getByText('The printer must be on a private network', { exact: false })).toBeVisible();
  await address.fill('printer.school.local');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(printing.getByText('names are not accepted', { exact: false })).toBeVisible();
  await address.fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  // server: the fake printer (on 127.0.0.1, which only the e2e server's test override admits)
  const printer = await startFakePrinter();
  try {
    const session = await (await page.request.get('/api/auth/session')).json();
    const list = await (await page.request.get('/api/buildings/lookup')).json();
    const id = (list.data as { id: number; name: string }[]).find((b) => b.name === 'Cedar Print Annex')!.id;
    const { id: _i, clientName: _c, ...fields } = await (await page.request.get(`/api/buildings/${id}`)).json();
    const put = await page.request.put(`/api/buildings/${id}`, {
      data: { ...fields, printerIpAddress: printer.address },
      headers: { 'x-csrf-token': session.csrfToken },
    });
    expect(put.ok()).toBe(true);
    await openBuildings(page); // the app cached the row it saved; read the address set behind its back

    const edit = async () => {
      await rowOf(page, 'Cedar Print Annex').getByRole('button', { name: 'Edit Cedar Print Annex' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Building' });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    let dialog = await edit();
    await dialog.getByRole('button', { name: 'Print test page' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      `A test page was sent to ${printer.address}. Check that it printed.`,
    );
    await printer.waitForJobs(1);
    expect(printer.jobs[0]).toContain('Cedar Print Annex');
    await expectAccessible(page);
    await shot(page, 'printing-server');

    // browser: the desk's Zebra Browser Print (simulated at its local address) gets the ZPL
    await dialog.getByText('Browser Print at the desk', { exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Badge printer address' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Print test page' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const written: string[] = [];
    await page.route('http://localhost:9100/**', (route) => {
      const url = route.request().url();
      if (url.endsWith('/default?type=printer'))
        return route.fulfill({
          status: 200,
          headers: { 'access-control-allow-origin': '*' },
          contentType: 'application/json',
          body: JSON.stringify({ name: 'ZDesigner ZD421', uid: 'zd421', connection: 'usb', deviceType: 'printer' }),
        });
      written.push(route.request().postData() ?? '');
      return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, body: '' });
    });
    dialog = await edit();
    await dialog.getByRole('button', { name: 'Print test page' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Sent to ZDesigner ZD421 through Zebra Browser Print.');
    expect(JSON.parse(written[0]!).data).toContain('Cedar Print Annex');
    await page.unroute('http://localhost:9100/**');
    await shot(page, 'printing-browser');

    // pdf: the print window with the test page
    await dialog.getByText('PDF print window', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    dialog = await edit();
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Print test page' }).click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(new RegExp(`/Building/PrintTestPage/${id}$`));
    await popup.close();
  } finally {
    await printer.close();
  }
});

test('a building changed by someone else meanwhile: the save is refused with the product message, and what was typed stays (issue 23 §4)', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  const { csrfToken } = await (await page.request.get('/api/auth/session')).json();
  const headers = { 'x-csrf-token': csrfToken as string };
  const name = `Stale Edit School ${Date.now()}`;
  const created = await page.request.post('/api/buildings', {
    data: { name, city: 'Northfield' },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  expect(created.ok()).toBe(true);
  const id = (await created.json()).id as number;
  await openBuildings(page);
  await rowOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Building' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  // meanwhile another administrator saves the building
  const { id: _i, clientName: _c, ...fields } = await (await page.request.get(`/api/buildings/${id}`)).json();
  const other = await page.request.put(`/api/buildings/${id}`, { data: { ...fields, city: 'Glenview' }, headers });
  expect(other.ok()).toBe(true);
  await edit.getByRole('textbox', { name: 'City' }).fill('Typed City');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toContainText(
    'Someone else changed this record after you opened it. Reload to see their change; what you typed is still here.',
  );
  await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Typed City');
  expect((await (await page.request.get(`/api/buildings/${id}`)).json()).city).toBe('Glenview');
});

test('finding coordinates shows each of the spec messages and truncated coordinates', async ({
  page,
  consoleErrors,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await page.getByRole('button', { name: 'Add building' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Building' });
  const find = modal.getByRole('button', { name: 'Find coordinates' });

  // needs street1, city and state
  await find.click();
  await expect(modal.getByRole('alert')).toHaveText('Enter the street address, city and state to find coordinates.');

  await modal.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Nowhere Rd');
  await modal.getByRole('textbox', { name: 'City' }).fill('Atlantis');
  await modal.getByRole('combobox', { name: 'State' }).fill('Illinois');
  await page.getByRole('option', { name: 'Illinois (IL)' }).click();
  await find.click();
  await expect(modal.getByRole('alert')).toHaveText('The address that you provided could not be found');

  await modal.getByRole('textbox', { name: 'City' }).fill('Northbrook');
  await find.click();
  // the built-in geocoder answers the town's centre and says so (audit 000 U9)
  await expect(modal.getByRole('status')).toContainText('Approximate coordinates');
  await expect(modal.getByRole('status')).toContainText('42.1275, -87.829');
  await expect(modal.getByRole('textbox', { name: 'Latitude' })).toHaveValue('42.1275');
  await expect(modal.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-87.829');
  await shot(page, 'geocode-found');

  // The other two answers come from the provider (GEOCODER=census): the page shows what the API says.
  await page.route('**/api/geocode', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        requestId: 'e2e',
        code: 'VALIDATION_FAILED',
        message: 'The address that you provided could not be uniquely determined',
      }),
    }),
  );
  await find.click();
  await expect(modal.getByRole('alert')).toHaveText('The address that you provided could not be uniquely determined');
  await page.unroute('**/api/geocode');
  await page.route('**/api/geocode', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        requestId: 'e2e',
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'Unable to find coordinates at this time',
      }),
    }),
  );
  await find.click();
  await expect(modal.getByRole('alert')).toHaveText('Unable to find coordinates at this time');
  await shot(page, 'geocode-failed');
  await page.unroute('**/api/geocode');
  // The browser logs each expected 400 / 503 answer above; nothing else may have been logged.
  const expected =
    /Failed to load resource: the server responded with a status of (400 \(Bad Request\)|503 \(Service Unavailable\))/;
  expect(consoleErrors.filter((e) => expected.test(e))).toHaveLength(3);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
});

test("the expandable row shows the building's contacts and adds one with the building preselected", async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await rowOf(page, 'North High School').getByRole('button', { name: 'Show details' }).click();
  const region = page.getByRole('region', { name: 'Contacts of North High School' });
  await expect(region).toContainText('North High Front Office');
  await expect(region).toContainText('North County Security Office');
  await expect(region).toContainText('District-wide');
  await expectAccessible(page);
  await shot(page, 'contacts-row');

  await region.getByRole('button', { name: 'Add Contact' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(modal.getByRole('combobox', { name: 'Building' })).toHaveValue('North High School');
  await modal.getByRole('textbox', { name: 'Name' }).fill('Evening Custodian');
  await modal.getByRole('textbox', { name: 'Mobile' }).fill('(555) 555-0177');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(region).toContainText('Evening Custodian');
  await expect(region).toContainText('(555) 555-0177');
});

test('imports a mixed good and bad file: results, the error file, and the new rows', async ({ page }) => {
  await loginAs(page, 'admin');
  await openBuildings(page);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Buildings' });
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'District to import into' }).click();
  await page.getByRole('option', { name: 'North County Schools' }).click();
  const csv = [
    'Name,Street 1,City,State,Zip Code,Time Zone,Active',
    'Aspen Ridge Elementary,5 Aspen Way,Northfield,IL,60093,,Yes',
    'Juniper High School,8 Juniper Ct,Northbrook,IL,60062,America/Chicago,Yes',
    'Broken Zip School,1 Zip Rd,Northfield,IL,123,,Yes',
    ',No name,Northfield,IL,60093,,',
    'North High School,already there,,,,,',
  ].join('\r\n');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'buildings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Results')).toBeVisible();
  await expect(dialog).toContainText('2 rows imported.');
  await expect(dialog).toContainText('1 row was already present and skipped.');
  await expect(dialog).toContainText('2 rows were rejected');
  await expect(dialog).toContainText('Zip Code: must be 5 digits');
  await expect(dialog).toContainText('Name: is required');
  await shot(page, 'import-results');

  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download the error file' }).click();
  const download = await downloadPromise;
  const errorFile = fs.readFileSync((await download.path())!, 'utf8');
  expect(errorFile).toContain('Reason');
  expect(errorFile).toContain('Broken Zip School');
  expect(errorFile).not.toContain('Aspen Ridge Elementary');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, 'Aspen Ridge Elementary')).toBeVisible();
  await expect(rowOf(page, 'Juniper High School')).toContainText('North County Schools');
});

test("exports the client admin's buildings as CSV", async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  await openBuildings(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export buildings' });
  await expect(dialog.getByRole('checkbox', { name: 'Name', exact: true })).toBeChecked();
  await shot(page, 'export');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^buildings.*\.csv$/);
  const content = fs.readFileSync((await download.path())!, 'utf8');
  expect(content).toContain('North High School');
  expect(content).toContain('Lincoln Elementary');
  expect(content).not.toContain('South Valley');
});

test('an attendant cannot reach the Buildings screen', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/building');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Buildings', level: 1 })).toHaveCount(0);
});
