import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-Visitor-2026';
export const LOGINS = {
  admin: 'admin@demo.test',
  clientAdminNorth: 'admin.north@demo.test',
  deskNorthHigh: 'desk.northhigh@demo.test',
  deskLincoln: 'desk.lincoln@demo.test',
  kioskNorthHigh: 'kiosk.northhigh@demo.test',
  clientAdminSouth: 'admin.south@demo.test',
  deskSouthElem: 'desk.southelem@demo.test',
} as const;
export type Who = keyof typeof LOGINS;

/** Signs in through the real sign-in page (architecture guide §11: a loginAs fixture). */
export async function loginAs(page: Page, who: Who) {
  const kiosk = who.startsWith('kiosk');
  await page.goto(kiosk ? '/safe/kiosk/login' : '/Account/Login');
  await page.getByLabel('Email').fill(LOGINS[who]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (kiosk) await expect(page).toHaveURL(/\/safe\/kiosk/i);
  else await expect(page.getByTestId('header-user-name')).toBeVisible();
}

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page) {
  // a notification or modal mid-transition is half transparent, and axe would report its
  // contrast: scan the settled page (transitions are CSS animations to getAnimations())
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      null,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Tests fail on any unexpected console error (architecture guide: epic-stack). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (
          msg.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of (401|403|404|409)/.test(msg.text())
        ) {
          errors.push(msg.text());
        }
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Display names of the demo logins (apps/server/db/seed/demo.ts). */
export const DEMO_NAMES: Record<Who, string> = {
  admin: 'Alex Admin',
  clientAdminNorth: 'Nora North',
  deskNorthHigh: 'Hank Desk',
  deskLincoln: 'Lina Desk',
  kioskNorthHigh: 'North High Kiosk',
  clientAdminSouth: 'Sam South',
  deskSouthElem: 'Sol Desk',
};

/** Logs out of the staff shell through the account menu (works at every width). */
export async function logoutFromShell(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}
