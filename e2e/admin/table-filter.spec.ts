import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const bodyRows = (page: Page, caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr');

test('the table filter narrows the rows on screen from 2 characters (spec 000 §5; Id fields: text-filter.test.ts)', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/building');
  const rows = bodyRows(page, 'Buildings');
  await expect(rows.filter({ hasText: 'North High School' })).toBeVisible();
  const all = await rows.count();
  expect(all).toBeGreaterThan(2);
  const filter = page.getByRole('textbox', { name: 'Filter this page' });

  // one character filters nothing
  await filter.fill('l');
  await expect(rows).toHaveCount(all);
  await expect(page.getByTestId('table-filter-count')).toHaveCount(0);

  // any shown field, any case: name, city, district
  await filter.fill('LINCOLN');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Lincoln Elementary');
  await expect(page.getByTestId('table-filter-count')).toHaveText(`Matching rows on this page: 1 of ${all}`);
  await filter.fill('south valley');
  await expect(rows.filter({ hasText: 'North High School' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'South Valley Elementary' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/table-filter-buildings.png` });

  // nothing matches
  await filter.fill('zzqx');
  await expect(page.getByText('No row on this page matches the filter.')).toBeVisible();

  // every administration table has it
  for (const [url, caption] of [
    ['/exclusion', 'Exclusions'],
    ['/user', 'Manage Users'],
    ['/contact', 'Contacts'],
    ['/client', 'Districts'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('table', { name: caption })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Filter this page' })).toBeVisible();
  }
});

test('every administration list has a server-side Search (issue 25): the words go in a POST body after the 1000 ms debounce', async ({
  page,
}) => {
  // six lists, each waiting out the 1 s debounce and a search: a loaded 2-core CI machine needs more than 60 s
  test.slow();
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  const tag = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const lastname = `Zz${tag}`;
  await api.post('/api/exclusions', { firstname: 'Quentin', lastname, exclusionType: 'RestrictedAccess' });
  await page.goto('/exclusion');
  const rows = bodyRows(page, 'Exclusions');
  await expect(rows.first()).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/exclusions/search') && r.method() === 'POST');
  const typedAt = Date.now();
  await search.fill(`quentin ${lastname.slice(0, 6)}`);
  const request = await asked;
  // spec 000 §9 search debounce (CONSTANTS.debounceMs): one request once typing pauses
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900);
  expect(request.url()).not.toContain('quentin');
  expect(request.postDataJSON()).toMatchObject({ q: `quentin ${lastname.slice(0, 6)}`, page: '1' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(lastname);
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  // the page filter stays beside it (spec 000 §5)
  await expect(page.getByRole('textbox', { name: 'Filter this page' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/list-search-exclusions.png` });
  await search.fill('');
  await expect(rows).not.toHaveCount(1);

  for (const [url, caption, text] of [
    ['/user', 'Manage Users', 'Nora'],
    ['/building', 'Buildings', 'lincoln'],
    ['/contact', 'Contacts', 'front office'],
    [`/client/regTypes/${api.user.clientId}`, 'Registration types', 'volunteer'],
    ['/safeVendorCompanies', 'SafeVendor companies', 'zzzz-none'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('table', { name: caption })).toBeVisible();
    const searched = page.waitForResponse((r) => r.url().includes('/search') && r.request().method() === 'POST');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
    expect((await searched).status()).toBe(200);
    await expect(page.getByRole('textbox', { name: 'Filter this page' })).toBeVisible();
  }
});
