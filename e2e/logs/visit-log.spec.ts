import type { Page } from '@playwright/test';
import { MESSAGES } from '@sv/contracts';
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
