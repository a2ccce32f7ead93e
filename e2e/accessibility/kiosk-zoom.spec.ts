import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';

/**
 * The kiosk at 200% zoom (issue 29 §3, WCAG 1.4.4 Resize Text and 1.4.10 Reflow): the lobby
 * tablet's 1024×768 at 200% is a 512×384 CSS viewport (device pixels doubled). The visitor's first
 * steps — start screen, who you are, about your visit, the photo — fit without scrolling sideways
 * and every control can be reached and pressed (Playwright's actionability: in view after
 * scrolling, not covered by anything).
 */
test.use({ viewport: { width: 512, height: 384 }, deviceScaleFactor: 2, hasTouch: true });

async function expectReflows(page: Page, step: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${step}: no horizontal scroll at 200%`).toBeLessThanOrEqual(client);
  const controls = page.locator(
    'main button:visible, main input:not([type="hidden"]):visible, main textarea:visible, main a[href]:visible',
  );
  const count = await controls.count();
  expect(count, `${step}: controls found`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    // scrolls it into view and checks it is visible, stable, enabled or not, and not covered
    await control.click({ trial: true, force: false, timeout: 5_000 }).catch(async (err: Error) => {
      if (await control.isDisabled()) return; // a disabled control (Next before the form is filled) is not pressable yet
      throw new Error(
        `${step}: control ${i} (${await control.evaluate((e) => e.outerHTML.slice(0, 120))}) unreachable: ${err.message}`,
      );
    });
    // a button's whole label shows (not cut off by a squeezed button)
    const clipped = await control.evaluate((e) => {
      const label = e.querySelector('.mantine-Button-label');
      return label ? label.scrollWidth > label.clientWidth + 1 : false;
    });
    expect(clipped, `${step}: control ${i} shows its whole label`).toBe(false);
    const box = await control.boundingBox();
    expect(box, `${step}: control ${i} has a box`).not.toBeNull();
    expect(box!.x, `${step}: control ${i} starts inside the viewport`).toBeGreaterThanOrEqual(-1);
    expect(box!.x + box!.width, `${step}: control ${i} ends inside the viewport`).toBeLessThanOrEqual(client + 1);
  }
}

test('a visitor completes the kiosk’s first steps at 200% zoom: no sideways scroll, every control reachable', async ({
  page,
}) => {
  await loginAs(page, 'kioskNorthHigh');
  await expect(page.getByTestId('kiosk-button-visitor')).toBeVisible();
  await expectReflows(page, 'start screen');
  await page.screenshot({ path: '/tmp/shots-a11y/kiosk-zoom-01-start.png', fullPage: true });

  await page.getByTestId('kiosk-button-visitor').click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Zoe');
  await page
    .getByRole('textbox', { name: 'Last name' })
    .fill(`Zoom${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`);
  await page.getByRole('textbox', { name: /^Date of birth/ }).pressSequentially('03041982');
  await expectReflows(page, 'who you are');
  await page.screenshot({ path: '/tmp/shots-a11y/kiosk-zoom-02-identify.png', fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('About your visit')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason for your visit' }).fill('Meeting');
  await page.getByRole('combobox', { name: 'Who are you visiting?' }).fill('Ms Rivera');
  await expectReflows(page, 'about your visit');
  await page.screenshot({ path: '/tmp/shots-a11y/kiosk-zoom-03-details.png', fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Your photo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  await expectReflows(page, 'photo');
  await page.screenshot({ path: '/tmp/shots-a11y/kiosk-zoom-04-photo.png', fullPage: true });
});
