import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type Cookie, expect, test as base, type Page } from '@playwright/test';
import type { TSessionUser } from '@sv/contracts';
import { useMailbox } from './mail';
import { type E2eServer, startE2eServer } from './server';

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

/** Signs in through the real sign-in page (the kiosk's own page for a kiosk login). */
async function signInThroughPage(page: Page, who: Who) {
  const kiosk = who.startsWith('kiosk');
  await page.goto(kiosk ? '/safe/kiosk/login' : '/Account/Login');
  await page.getByLabel('Email').fill(LOGINS[who]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page, who);
}

/** On the kiosk's start page (not its sign-in page), or in the staff shell as that person. */
async function expectSignedIn(page: Page, who: Who) {
  // a page load on a loaded machine can take more than the default 10 s; this is a wait, not a check of speed
  const timeout = 30_000;
  if (who.startsWith('kiosk')) await expect(page).toHaveURL(/\/safe\/kiosk(\/\d+)?\/?([?#].*)?$/i, { timeout });
  else await expect(page.getByTestId('header-user-name')).toHaveText(DEMO_NAMES[who], { timeout });
}

/**
 * A session a worker already signed in through the sign-in page, per login (issue 24 §5): its
 * cookies and the page the sign-in landed on. Reused only while the server still answers it as
 * that person's own password session, and by one browser context at a time.
 */
interface SavedSession {
  cookies: Cookie[];
  landing: string;
  heldBy: BrowserContext | null;
}
const savedSessions = new Map<Who, SavedSession>();

async function reuseSession(page: Page, who: Who): Promise<boolean> {
  const saved = savedSessions.get(who);
  const context = page.context();
  if (!saved || (saved.heldBy && saved.heldBy !== context)) return false;
  const names = saved.cookies.map((c) => c.name);
  // replace, never add beside, a cookie of the same name (another login's session in this context)
  for (const name of names) await context.clearCookies({ name });
  await context.addCookies(saved.cookies);
  const res = await page.request.get('/api/auth/session');
  const user = res.ok() ? ((await res.json()) as { user?: TSessionUser }).user : undefined;
  // ended (logout, idle, a rotated session after impersonation) or no longer this person's own
  if (
    !user ||
    user.email.toLowerCase() !== LOGINS[who] ||
    user.impersonatedBy !== null ||
    user.signedInWith !== 'password'
  ) {
    savedSessions.delete(who);
    for (const name of names) await context.clearCookies({ name });
    return false;
  }
  hold(saved, context);
  await page.goto(saved.landing);
  await expectSignedIn(page, who);
  return true;
}

function hold(saved: SavedSession, context: BrowserContext) {
  saved.heldBy = context;
  context.once('close', () => {
    if (saved.heldBy === context) saved.heldBy = null;
  });
}

/**
 * Signs in as a demo login (architecture guide §11: a loginAs fixture). The first time in a
 * worker, and whenever that session has ended, through the real sign-in page; otherwise the
 * worker's saved session for that login is put in the browser and its landing page opened, which
 * skips the sign-in form (issue 24 §5). `viaSignInPage` forces the sign-in page (the tests of the
 * page itself).
 */
export async function loginAs(page: Page, who: Who, opts: { viaSignInPage?: boolean } = {}) {
  if (!opts.viaSignInPage && (await reuseSession(page, who))) return;
  await signInThroughPage(page, who);
  const context = page.context();
  const origin = new URL(page.url()).origin;
  const saved: SavedSession = {
    cookies: await context.cookies(origin),
    landing: new URL(page.url()).pathname,
    heldBy: null,
  };
  // another context of this test holds the saved one: keep that; this one is its own session
  const current = savedSessions.get(who);
  if (current?.heldBy && current.heldBy !== context) return;
  hold(saved, context);
  savedSessions.set(who, saved);
}

/**
 * Resolves when no finite CSS animation or transition runs (a drawer sliding in, a menu opening, a
 * notification fading): what a screenshot or an accessibility scan should see. Bounded: a page
 * that keeps animating is taken as it is after `timeoutMs`.
 */
export async function animationsSettled(page: Page, timeoutMs = 3000) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      null,
      { timeout: timeoutMs },
    )
    .catch(() => undefined);
}

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page) {
  // a notification or modal mid-transition is half transparent, and axe would report its
  // contrast: scan the settled page (transitions are CSS animations to getAnimations())
  await animationsSettled(page);
  // toasts fade in and out on timers the animation wait does not always see (a flaky contrast
  // finding mid-fade); their four colours are fixed in one place, lib/notify.ts
  const results = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Every test file runs against its worker's own server (ADR 0033): `e2eServer` starts it once per
 * worker, `baseURL` points the browser at it. Tests fail on any unexpected console error
 * (architecture guide: epic-stack).
 */
export const test = base.extend<{ consoleErrors: string[] }, { e2eServer: E2eServer }>({
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      // a replacement worker's server once exited during its start (code 0, a stop signal): try
      // once more, saying so, rather than fail every test of the worker
      const server = await startE2eServer(workerInfo.parallelIndex).catch((err: Error) => {
        console.warn(`e2e server start failed, retrying once: ${err.message}`);
        return startE2eServer(workerInfo.parallelIndex);
      });
      useMailbox(server.mail);
      try {
        await use(server);
      } finally {
        useMailbox(null);
        savedSessions.clear();
        await server.stop();
      }
    },
    // migrations and the demo seed on a fresh database: slow on a loaded 2-core machine
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
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

/**
 * Resolves when the page's live stream of a building (`/api/buildings/:id/events`) is open: the
 * server subscribes before it answers, so an event published afterwards reaches the page (issue 24
 * §5: wait on the stream, not a sleep). Call before the navigation that opens it.
 */
export function eventStreamOpened(page: Page, buildingId?: number) {
  const path = new RegExp(`/api/buildings/${buildingId ?? '\\d+'}/events$`);
  return page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.status() === 200);
}

/**
 * Chooses a visitor language with the one language chooser (issue 29 §1): the kiosk's, the public
 * form's or the arrival page's button, then the language by its own name ('Español', 'العربية').
 */
export async function chooseLanguage(page: Page, name: string) {
  const button = page.locator('[data-testid="kiosk-language"], [data-testid="public-language"]').first();
  const item = page.getByRole('dialog').getByRole('button', { name, exact: true });
  // a screen that is still loading may re-render under an open menu: open it again until the choice is made
  await expect(async () => {
    if (!(await item.isVisible())) await button.click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(button).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
