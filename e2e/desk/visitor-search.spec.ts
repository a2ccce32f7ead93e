import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

async function newVisitor(page: Page, lastname: string) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const res = await page.request.post('/api/visitors', {
    data: { firstname: 'Quinn', lastname, dob: '1988-04-05', buildingId: session.user.buildingId },
    headers: { 'x-csrf-token': session.csrfToken, 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).id as number;
}

test('top navigation visitor search: /visitors/search/{text}, the text only in the API body (spec 000 §2)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const lastname = `Searchable${(Date.now() % 100000).toString().replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
  const id = await newVisitor(page, lastname);
  const apiUrls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiUrls.push(r.url());
  });

  const box = page.getByRole('search', { name: 'Search visitors' }).getByRole('textbox');
  // blank input searches nothing (spec 002 §5)
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  const searched = page.waitForRequest((r) => r.url().endsWith('/api/visitors/search') && r.method() === 'POST');
  await box.fill(`quinn ${lastname}`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/visitors/search/quinn%20${lastname}$`));
  expect((await searched).postDataJSON()).toMatchObject({ text: `quinn ${lastname}`, action: 'new' });
  await expect(page).toHaveTitle('SafeVisitor - Visitor Search');
  await expect(page.getByRole('heading', { name: `Visitors matching “quinn ${lastname}”` })).toBeVisible();
  const result = page.getByRole('listitem', { name: `Quinn ${lastname}` });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Born 04/05/1988');
  await expect(page.getByRole('link', { name: 'Create a New Visitor' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/visitor-search-results.png` });
  // the name never went into an API address
  expect(apiUrls.filter((u) => u.toLowerCase().includes(lastname.toLowerCase()))).toEqual([]);

  await result.getByRole('link', { name: `Open Quinn ${lastname}` }).click();
  await expect(page).toHaveURL(new RegExp(`/background/visitor/${id}$`));

  // nothing found
  await page.goto('/visitors/search/zzqxnobody');
  await expect(page.getByTestId('visitor-search-none')).toHaveText('No results found.');
});

test('an admin chooses the building whose district to search', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/visitors/search/smith');
  await expect(page.getByText('Choose the building you are at to search its district’s visitors.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: 'North High School' }).click();
  await expect(page.getByTestId('visitor-search-results').or(page.getByTestId('visitor-search-none'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/visitor-search-admin.png` });
});

test('the header keeps the search, the Emergency button and the account menu visible at each width', async ({
  page,
}) => {
  await loginAs(page, 'deskNorthHigh');
  for (const width of [375, 800, 1000, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    await expect(page.getByTestId('emergency-button')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    const emergency = page.getByTestId('emergency-button');
    // the Emergency button's label is never cut short
    expect(
      await emergency.evaluate((el) => {
        const label = el.querySelector<HTMLElement>('.mantine-Button-label') ?? el;
        return label.scrollWidth <= label.clientWidth + 1;
      }),
    ).toBe(true);
    const search = page.getByTestId('header-visitor-search').filter({ visible: true });
    if (width >= 992) {
      // in the header, clear of the Emergency button
      await expect(page.getByRole('banner').getByTestId('header-visitor-search')).toBeVisible();
      const [s, e] = [await search.boundingBox(), await emergency.boundingBox()];
      expect(s!.x + s!.width).toBeLessThanOrEqual(e!.x);
    } else {
      // at the head of the navigation: the sidebar, or the drawer on a phone
      if (width < 768) await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(search).toBeVisible();
      const [s, h] = [await search.boundingBox(), await page.getByRole('banner').boundingBox()];
      expect(s!.y).toBeGreaterThanOrEqual(h!.y + h!.height);
    }
    await page.screenshot({ path: `${SHOTS}/header-search-${width}.png` });
  }
});
