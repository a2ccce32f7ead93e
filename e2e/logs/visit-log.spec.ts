import type { Page } from '@playwright/test';
import { LOG_RANGE_MESSAGES, MESSAGES } from '@sv/contracts';
import { type Api, apiOf, checkInViaApi } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * The logs (issue 13; spec 002 §2 Logs, §5, §6, §9; 001 §9): the visit log with charts, reprint
 * and the export column chooser, the vendor log, and the denied entry log with its info modal.
 * Rows are made through the API as the signed-in user; screenshots go to test-results/logs.
 */

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function visit(api: Api, buildingId: number, visitorType: 'visitor' | 'vendor' | 'volunteer') {
  const firstname = cap(letters());
  const lastname = cap(letters());
  const v = await api.post('/api/visitors', { firstname, lastname, dob: '1984-05-06', buildingId });
  await checkInViaApi(api, v.id, buildingId, { visitorType, personVisiting: 'Ms. Ortiz, Room 12', reason: 'Meeting' });
  return { id: v.id as number, name: `${firstname} ${lastname}` };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/logs/${name}.png`, fullPage: true });

test.describe('logs', () => {
  test('an attendant: own building, no building or attendant filter, charts, reprint, accessible', async ({ page }) => {
    await loginAs(page, 'deskNorthHigh');
    const api = await apiOf(page);
    const buildingId = api.user.buildingId!;
    const a = await visit(api, buildingId, 'visitor');
    await visit(api, buildingId, 'volunteer');
    await page.goto('/log/');
    await expect(page.getByRole('heading', { name: 'Visit Log' })).toBeVisible();
    await expect(page.getByLabel('Building')).toHaveCount(0);
    await expect(page.getByLabel('Attendant')).toHaveCount(0);
    // the default range: the last 7 days up to today (in the building's zone, from the server)
    await expect(page.getByLabel('Start date')).not.toHaveValue('');
    const row = page.getByRole('row').filter({ hasText: a.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('North High School');
    await expect(row).toContainText('Hank Desk');
    await expect(page.getByTestId('chart-per-day')).toBeVisible();
    await expect(page.getByTestId('chart-per-hour')).toBeVisible();
    await expect(page.getByTestId('chart-summary')).toContainText('visits in this range');
    await expectAccessible(page);
    await shot(page, 'visit-log-attendant');

    // search travels in the body: the list narrows to the one visitor
    const searched = page.waitForRequest((r) => r.url().endsWith('/api/logs/visits/search') && r.method() === 'POST');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(a.name.split(' ')[1]!);
    expect((await searched).url()).not.toContain(a.name.split(' ')[1]!);
    await expect(page.getByTestId('log-visitor')).toHaveText([a.name]);

    await row.getByRole('button', { name: `Reprint badge for ${a.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprint badge' });
    await expect(dialog.getByRole('button', { name: 'Reprint badge' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'visit-log-reprint');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // the export chooser: no Client-Admin-only columns for an attendant
    await page.getByRole('button', { name: 'Export' }).click();
    const exp = page.getByRole('dialog', { name: 'Export Visit Log' });
    await expect(exp.getByRole('checkbox', { name: 'Suffix' })).toBeVisible();
    await expect(exp.getByRole('checkbox', { name: 'Email' })).toHaveCount(0);
    await expect(exp.getByRole('checkbox', { name: 'BadgeId' })).toHaveCount(0);
  });

  test('a client admin: building and attendant filters, the column chooser and its messages, CSV download', async ({
    page,
  }) => {
    await loginAs(page, 'clientAdminNorth');
    const api = await apiOf(page);
    const buildings = (await api.get('/api/buildings/lookup')).data as { id: number; name: string }[];
    const lincoln = buildings.find((b) => b.name === 'Lincoln Elementary')!;
    const v = await visit(api, lincoln.id, 'visitor');
    await page.goto('/log/');
    await expect(page.getByRole('row').filter({ hasText: v.name })).toBeVisible();
    await page.getByRole('combobox', { name: 'Building', exact: true }).click();
    await page.getByRole('option', { name: 'North High School' }).click();
    await expect(page.getByRole('row').filter({ hasText: v.name })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Building', exact: true }).click();
    await page.getByRole('option', { name: 'Lincoln Elementary' }).click();
    await expect(page.getByRole('row').filter({ hasText: v.name })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Attendant', exact: true })).toBeVisible();
    await shot(page, 'visit-log-client-admin');

    await page.getByRole('button', { name: 'Export' }).click();
    const exp = page.getByRole('dialog', { name: 'Export Visit Log' });
    const checked = () => exp.getByRole('checkbox', { checked: true });
    await expect(checked()).toHaveCount(8);
    await expect(exp.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await expectAccessible(page);
    await shot(page, 'visit-log-export-chooser');
    const defaults = ['Visitor', 'Person Visiting', 'Reason', 'Building', 'Attendant', 'Check In', 'Check Out', 'Type'];
    for (const name of defaults) await exp.getByRole('checkbox', { name, exact: true }).uncheck();
    await expect(checked()).toHaveCount(0);
    await exp.getByRole('button', { name: 'Download' }).click();
    await expect(exp.getByRole('alert')).toHaveText(MESSAGES.exportNeedsColumn);
    await exp.getByRole('checkbox', { name: 'Email' }).check();
    await exp.getByRole('button', { name: 'Reset' }).click();
    await expect(checked()).toHaveCount(8);
    await expect(exp.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await exp.getByRole('checkbox', { name: 'Email' }).check();
    const download = page.waitForEvent('download');
    await exp.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^visit-log_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const fs = await import('node:fs/promises');
    const text = await fs.readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFVisitor,Person Visiting,Reason,Building,Attendant,Check In,Check Out,Type,Email',
    );
    expect(text).toContain(v.name);
  });

  test('the platform administrator (issue 25): a district filter, buildings named with their district, a range that cannot apply said next to the dates, and who was on site at a time', async ({
    page,
    browser,
  }) => {
    // a visit at North High made now by its attendant, in another browser
    const deskPage = await browser.newPage();
    await loginAs(deskPage, 'deskNorthHigh');
    const deskApi = await apiOf(deskPage);
    const v = await visit(deskApi, deskApi.user.buildingId!, 'visitor');
    await deskPage.close();

    await loginAs(page, 'admin');
    await page.goto('/log/');
    const vRow = page.getByRole('row').filter({ hasText: v.name });
    await expect(vRow).toBeVisible();
    // audit 002 L25: the buildings of every district, each named with its district
    const building = page.getByRole('combobox', { name: 'Building', exact: true });
    await building.click();
    await expect(page.getByRole('option', { name: 'North High School (North County Schools)' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'South Valley Elementary (South Valley District)' })).toBeVisible();
    await page.keyboard.press('Escape');
    // a district narrows the rows and the buildings offered
    const district = page.getByRole('combobox', { name: 'District', exact: true });
    await district.click();
    await page.getByRole('option', { name: 'South Valley District', exact: true }).click();
    await expect(vRow).toHaveCount(0);
    await building.click();
    await expect(page.getByRole('option', { name: /North High School/ })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'South Valley Elementary (South Valley District)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await district.click();
    await page.getByRole('option', { name: 'North County Schools', exact: true }).click();
    await expect(vRow).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'visit-log-platform-admin-district');

    // audit 002 B5: a start after the end, or a range over 367 days, is said next to the dates
    const start = page.getByLabel('Start date');
    const end = await page.getByLabel('End date').inputValue();
    await start.fill('12/30/2099');
    await start.press('Tab');
    await expect(page.getByText(LOG_RANGE_MESSAGES.order)).toBeVisible();
    await expect(page.getByTestId('log-range-problem')).toContainText('the list still shows');
    await expect(vRow).toBeVisible();
    await shot(page, 'visit-log-range-reversed');
    await start.fill(`${end.slice(0, 6)}${Number(end.slice(6)) - 2}`);
    await start.press('Tab');
    await expect(page.getByText(LOG_RANGE_MESSAGES.length)).toBeVisible();
    await start.fill(end);
    await start.press('Tab');
    await expect(page.getByTestId('log-range-problem')).toHaveCount(0);
    await expect(vRow).toBeVisible();

    // issue 25 (audit 002 U7): on site at a date and time of the building's zone
    const local = (offsetMinutes: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/Chicago',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date(Date.now() + offsetMinutes * 60_000))
          .map((p) => [p.type, p.value]),
      );
      return { date: `${parts.month}/${parts.day}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
    };
    const onSite = page.getByTestId('on-site-at');
    const before = local(-30);
    await onSite.getByLabel('On site at').fill(before.date);
    await onSite.getByLabel('On site at').press('Tab');
    await onSite.getByLabel('Time').fill(before.time);
    await expect(page.getByTestId('on-site-at-note')).toContainText('Showing everyone who was on site at');
    await expect(vRow).toHaveCount(0); // checked in after that moment
    const after = local(2);
    await onSite.getByLabel('On site at').fill(after.date);
    await onSite.getByLabel('On site at').press('Tab');
    await onSite.getByLabel('Time').fill(after.time);
    await expect(vRow).toBeVisible(); // in by then and not checked out
    await expect(page.getByLabel('Start date')).toBeDisabled();
    await expectAccessible(page);
    await shot(page, 'visit-log-on-site-at');
    // the roster at the same moment
    await page.getByRole('link', { name: 'Everyone on site now' }).click();
    await expect(page.getByRole('heading', { name: 'Who Was On Site' })).toBeVisible();
    await expect(page.getByTestId('on-site-when')).toContainText('On site at');
    await expect(page.getByTestId('on-site-person').filter({ hasText: v.name })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'on-site-at');
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Everyone On Site Now' })).toBeVisible();
  });

  test('the vendor log: vendors only, Company instead of the person visiting, accessible', async ({ page }) => {
    await loginAs(page, 'deskNorthHigh');
    const api = await apiOf(page);
    const vendor = await visit(api, api.user.buildingId!, 'vendor');
    const other = await visit(api, api.user.buildingId!, 'visitor');
    await page.goto('/Vendorlog/');
    await expect(page.getByRole('heading', { name: 'Vendor Log' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: vendor.name })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: other.name })).toHaveCount(0);
    const headers = page.getByRole('columnheader');
    await expect(headers.filter({ hasText: 'Company' })).toHaveCount(1);
    await expect(headers.filter({ hasText: 'Person Visiting' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'vendor-log');
    await page.getByRole('button', { name: 'Export' }).click();
    const exp = page.getByRole('dialog', { name: 'Export Vendor Log' });
    await expect(exp.getByRole('checkbox', { checked: true })).toHaveCount(7);
    await expect(exp.getByRole('checkbox', { name: 'Company' })).toBeChecked();
    // spec 001 §9: "Reset on export selects the first 8 columns and clears the rest" (issue 25: it ticked 7)
    await exp.getByRole('checkbox', { name: 'Notes' }).check();
    await exp.getByRole('button', { name: 'Reset' }).click();
    await expect(exp.getByRole('checkbox', { checked: true })).toHaveCount(8);
    await expect(exp.getByRole('checkbox', { name: 'DOB' })).toBeChecked();
    await expect(exp.getByRole('checkbox', { name: 'Notes' })).not.toBeChecked();
  });

  test('the denied entry log: the info modal shows the counts', async ({ page }) => {
    await loginAs(page, 'clientAdminNorth');
    const api = await apiOf(page);
    const buildings = (await api.get('/api/buildings/lookup')).data as { id: number; name: string }[];
    const nh = buildings.find((b) => b.name === 'North High School')!;
    const firstname = cap(letters());
    const lastname = cap(letters());
    const v = await api.post('/api/visitors', { firstname, lastname, dob: '1984-05-06', buildingId: nh.id });
    await api.post(
      `/api/visitors/${v.id}/denials`,
      {
        buildingId: nh.id,
        exclusionCount: 2,
        potentialCount: 1,
        watchdogCount: 3,
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    await page.goto('/deniedEntries/');
    await expect(page.getByRole('heading', { name: 'Denied Entry Log' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `${firstname} ${lastname}` });
    await expect(row).toContainText('North High School');
    await expect(row).toContainText('Nora North');
    await row.getByRole('button', { name: `Screening counts for ${firstname} ${lastname}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Denied entry' });
    const counts = dialog.getByTestId('denied-counts');
    await expect(counts.getByRole('row', { name: /Exclusion matches/ })).toContainText('2');
    await expect(counts.getByRole('row', { name: /Potential matches/ })).toContainText('1');
    await expect(counts.getByRole('row', { name: /registry matches/ })).toContainText('3');
    await expectAccessible(page);
    await shot(page, 'denied-info');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // issue 25: the denied entry log exports like the other logs
    await page.getByRole('button', { name: 'Export' }).click();
    const exp = page.getByRole('dialog', { name: 'Export Denied Entry Log' });
    await expect(exp.getByRole('checkbox', { checked: true })).toHaveCount(8);
    const download = page.waitForEvent('download');
    await exp.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^denied-entry-log_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const fs = await import('node:fs/promises');
    const text = await fs.readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFVisitor,Building,Attendant,Date,Exclusion Matches,Potential Matches,Sex-Offender Registry Matches,Security Notified',
    );
    const line = text.split('\r\n').find((l) => l.startsWith(`${firstname} ${lastname},`));
    expect(line).toMatch(/^[^,]+,North High School,Nora North,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M,2,1,3,(Yes|No)$/);
  });
});

test('everyone on site now: one click from the dashboard, by building, printable', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  const api = await apiOf(page);
  const v = await visit(api, api.user.buildingId!, 'volunteer');
  // from the emergency button's dialog, without sending anything
  await page.goto('/');
  await page.getByTestId('emergency-button').click();
  const emergency = page.getByRole('dialog', { name: 'Send an emergency message?' });
  await emergency.getByRole('link', { name: 'Everyone on site now' }).click();
  await expect(page.getByRole('heading', { name: 'Everyone On Site Now' })).toBeVisible();
  // and from the dashboard
  await page.goto('/');
  await page.getByRole('link', { name: 'Everyone on site now' }).click();
  await expect(page.getByRole('heading', { name: 'Everyone On Site Now' })).toBeVisible();
  await expect(page.getByTestId('on-site-building')).toContainText('people on site');
  const person = page.getByTestId('on-site-person').filter({ hasText: v.name });
  await expect(person).toContainText('Volunteer');
  await expect(page.getByTestId('on-site-building')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'on-site');
});
