import type { Page } from '@playwright/test';
import { animationsSettled, expect, loginAs, test, type Who } from '../fixtures';

/**
 * The shell at the spec's breakpoints (spec 000 §9: 768, 992, 1200 px) and on a phone: nothing
 * overflows sideways, the emergency button stays visible, header controls do not overlap.
 * Set SHOTS_DIR to also save a screenshot per role and width for a visual review.
 */
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 992, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

for (const who of ['admin', 'clientAdminNorth', 'deskLincoln'] as Who[]) {
  test(`the desk shell fits every width for ${who}`, async ({ page }) => {
    await loginAs(page, who);
    for (const v of widths) {
      await page.setViewportSize({ width: v.width, height: v.height });
      const emergency = page.getByTestId('emergency-button');
      const account = page.getByRole('button', { name: /^Account menu for / });
      await expect(emergency).toBeVisible();
      await expect(emergency).toBeInViewport({ ratio: 1 });
      await expect(account).toBeInViewport({ ratio: 1 });
      const [e, a] = [await emergency.boundingBox(), await account.boundingBox()];
      expect(e && a && !overlaps(e, a)).toBe(true);
      if (who !== 'admin' && v.width >= 768) await expect(page.getByTestId('header-client-name')).toBeVisible();
      if (who === 'deskLincoln' && v.width >= 768) {
        await expect(page.getByTestId('header-building-name')).toHaveText('Lincoln Elementary');
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `${who}-${v.width}`);
    }

    // on a phone the navigation is a drawer behind the menu button; the account menu holds the details
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await animationsSettled(page); // the drawer has finished sliding in before the screenshot
    await shot(page, `${who}-390-menu`);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    if (who === 'deskLincoln') await expect(page.getByRole('menu')).toContainText('Lincoln Elementary');
    await animationsSettled(page); // the menu has finished opening before the screenshot
    await shot(page, `${who}-390-account`);
  });
}

test('the kiosk header fits a phone and a desktop', async ({ page }) => {
  await loginAs(page, 'kioskNorthHigh');
  for (const v of [widths[0], widths[3]]) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await expect(page.getByTestId('kiosk-building-name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kiosk log out' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await shot(page, `kiosk-${v.width}`);
  }
});

test('on a phone an admin impersonates from the drawer and the banner fits', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('button', { name: 'Impersonate User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate User' });
  await dialog.getByRole('textbox', { name: 'Search people by name or email' }).fill('lina');
  await expect(dialog.getByRole('button', { name: 'Act as Lina Desk' })).toBeVisible();
  await shot(page, 'admin-390-impersonate-modal');
  await dialog.getByRole('button', { name: 'Act as Lina Desk' }).click();

  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You (Alex Admin) are acting as Lina Desk.');
  await expect(banner.getByRole('button', { name: 'End' })).toBeInViewport({ ratio: 1 });
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-as-lina-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'admin-as-lina-1280');
  await banner.getByRole('button', { name: 'End' }).click();
  await expect(banner).toHaveCount(0);
});

test('the desk decision buttons fit a 1024×768 screen: "Notify Security" wraps, never clipped', async ({ page }) => {
  // issue 25 (audit 002-desk B14): the label was cut off at 1024 px
  await loginAs(page, 'deskLincoln');
  await page.setViewportSize({ width: 1024, height: 768 });
  const session = await (await page.request.get('/api/auth/session')).json();
  const res = await page.request.post('/api/visitors', {
    data: { firstname: 'Wrappa', lastname: 'Responsive', dob: '1981-04-05', buildingId: session.user.buildingId },
    headers: { 'x-csrf-token': session.csrfToken, 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.ok()).toBe(true);
  const { id } = await res.json();
  await page.goto(`/background/visitor/${id}`);
  const notify = page.getByTestId('notify-security');
  await expect(notify).toBeVisible();
  await expect(notify).toBeInViewport({ ratio: 1 });
  await expect(notify).toHaveAccessibleName('Notify Security');
  for (const button of [notify, page.getByRole('button', { name: 'Allow Entry' })]) {
    // the label's text is wholly inside the button: nothing clipped or hidden by an ellipsis
    const clipped = await button.evaluate((el) => {
      const label = el.querySelector('.mantine-Button-label') as HTMLElement;
      const [b, l] = [el.getBoundingClientRect(), label.getBoundingClientRect()];
      return label.scrollWidth > label.clientWidth + 1 || l.left < b.left - 1 || l.right > b.right + 1;
    });
    expect(clipped).toBe(false);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, 'desk-screening-1024');
});
