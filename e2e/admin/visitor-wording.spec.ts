import fs from 'node:fs';
import { chooseLanguage, expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * Issue 29 §1 (ADR 0054): a district administrator words the kiosk in Vietnamese; the kiosk shows
 * the district's wording in Vietnamese (and SafeVisitor's elsewhere); emptied, SafeVisitor's
 * wording returns. The district's wording is removed in `finally` (the worker's database is shared).
 */
const SHOTS = '/tmp/shots-languages';

test('a district words its kiosk in Vietnamese; the kiosk shows it, and SafeVisitor’s again once emptied', async ({
  page,
  browser,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await page.goto('/visitor-wording');
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor Wording' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Tiếng Việt' }).click();
  await page.getByRole('textbox', { name: 'Search the wording' }).fill('kiosk.welcome');
  const row = page.locator('[data-testid="wording-row"][data-key="kiosk.welcome"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Chào mừng');
  const field = row.getByRole('textbox', { name: "Your district's wording of kiosk.welcome" });
  try {
    await field.fill('Chào mừng đến trường North High');
    await page.getByRole('button', { name: 'Save changes (1)' }).click();
    await expect(page.getByText('The wording is saved.', { exact: false })).toBeVisible();
    await expect(row.getByText('Yours')).toBeVisible();
    await expectAccessible(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/visitor-wording-1366.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: `${SHOTS}/visitor-wording-1024.png` });

    const kioskContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    const kiosk = await kioskContext.newPage();
    try {
      await loginAs(kiosk, 'kioskNorthHigh');
      await chooseLanguage(kiosk, 'Tiếng Việt');
      await expect(kiosk.getByRole('heading', { level: 1, name: 'Chào mừng đến trường North High' })).toBeVisible();
      await chooseLanguage(kiosk, 'English');
      await expect(kiosk.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    } finally {
      await kioskContext.close();
    }
  } finally {
    // back to SafeVisitor's wording: emptied and saved
    await page.reload();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Tiếng Việt' }).click();
    await page.getByRole('checkbox', { name: "Only your district's wording" }).check();
    const mine = page.locator('[data-testid="wording-row"][data-key="kiosk.welcome"]');
    if (await mine.isVisible()) {
      await mine.getByRole('button', { name: "Use SafeVisitor's" }).click();
      await page.getByRole('button', { name: 'Save changes (1)' }).click();
      await expect(page.getByText('The wording is saved.', { exact: false })).toBeVisible();
    }
  }
});
