import fs from 'node:fs';
import type { Page } from '@playwright/test';
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
