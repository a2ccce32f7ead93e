import { expect, loginAs, test } from '../fixtures';

/** spec 000 §4, §9: 12 hours idle → a warning with a 30-second countdown → logout. */
test.describe('idle logout', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('after 12 hours idle a 30-second countdown ends in logout', async ({ page }) => {
    await loginAs(page, 'deskLincoln');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    // The page's clock stands still between the steps below, and a pointer move starts the idle
    // period at that instant: the countdown reads exactly what the fast-forwards made of it, however
    // long a loaded machine takes between two steps (issue 24 §5).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    // not a moment too early
    await page.clock.fastForward('11:59:00');
    await expect(warning).toBeHidden();
    // run (not jump): the idle check due at the page's load finds the pointer move and sleeps
    // until 12 hours after it, a timer set during this minute
    await page.clock.runFor('01:00');
    // the dialog's opening transition runs on that clock too: step it in 50 ms steps until the
    // dialog shows (a few steps, far below the countdown's first second)
    await expect(async () => {
      await page.clock.runFor(50);
      await expect(warning).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('idle-countdown')).toHaveText(
      'You will be logged out in 30 seconds because of inactivity.',
    );
    await page.clock.fastForward(10_000);
    await expect(page.getByTestId('idle-countdown')).toContainText('in 20 seconds');
    // the sign-out (a request, then the sign-in page) runs on a flowing clock again
    await page.clock.resume();
    await page.clock.fastForward(21_000);
    await expect(page).toHaveURL(/\/Account\/Login$/);
    // the server session is gone too
    await page.goto('/');
    await expect(page).toHaveURL(/\/Account\/Login$/);
  });

  test('any activity dismisses the warning and starts a new idle period', async ({ page }) => {
    await loginAs(page, 'clientAdminNorth');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward('12:00:00');
    await expect(warning).toBeVisible();
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 340);
    await expect(warning).toBeHidden();
    // the countdown no longer runs
    await page.clock.fastForward(31_000);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-user-name')).toHaveText('Nora North');

    // a key press counts as well, and so does "Stay logged in"
    await page.clock.fastForward('12:00:00');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Stay logged in' }).click();
    await expect(warning).toBeHidden();
    await page.clock.fastForward('06:00:00');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('06:00:00');
    await expect(warning).toBeHidden();
    await page.clock.fastForward('06:00:00');
    await expect(warning).toBeVisible();
  });

  test('the keep-alive reads the session every 10 minutes', async ({ page }) => {
    await loginAs(page, 'deskNorthHigh');
    const pings: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/session')) pings.push(r.method());
    });
    await page.clock.runFor('09:00');
    expect(pings).toEqual([]);
    await page.clock.runFor('01:00');
    await expect.poll(() => pings.length).toBe(1);
    await page.clock.runFor('10:00');
    await expect.poll(() => pings).toEqual(['GET', 'GET']);
  });
});
