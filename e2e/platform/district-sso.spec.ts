import type { Page } from '@playwright/test';
import { DEMO_NAMES, DEMO_PASSWORD, expect, expectAccessible, LOGINS, loginAs, test } from '../fixtures';
import { OIDC } from '../oidc';

/**
 * Districts bring their own sign-in (issue 30, ADR 0052), end to end against the worker's local
 * OIDC provider registered as North County's own provider: the district administrator configures
 * it, tests it, switches it on and requires SSO; a staff member signs in through the district's
 * sign-in link, a password is refused for them, and a SCIM deactivation ends their open session. The district's sign-in state is shared by the
 * worker's database: the test switches it off again in `finally`.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-sso';

async function switchOff(page: Page, clientId: number) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const current = await (await page.request.get(`/api/sso/settings?clientId=${clientId}`)).json();
  const res = await page.request.put('/api/sso/settings', {
    headers: { 'x-csrf-token': session.csrfToken },
    data: {
      clientId,
      slug: current.slug,
      kind: current.kind,
      issuer: current.issuer,
      oidcClientId: current.oidcClientId,
      enabled: false,
      requireSso: false,
      breakGlassUserId: current.breakGlassUserId,
      provisioning: current.provisioning,
      defaultRoleId: current.defaultRoleId,
      defaultBuildingId: current.defaultBuildingId,
      groupRules: current.groupRules,
      domains: current.domains.map((d: { domain: string }) => d.domain),
      version: current.version,
    },
  });
  expect(res.ok()).toBe(true);
}

test('a district administrator configures, tests and requires district sign-in; staff sign in through it', async ({
  page,
  browser,
  e2eServer,
}) => {
  test.setTimeout(180_000);
  const { oidc, url: appUrl } = e2eServer;
  await loginAs(page, 'clientAdminNorth');
  const me = await (await page.request.get('/api/auth/session')).json();
  const clientId: number = me.user.clientId;
  try {
    // the menu leads to the district's sign-in settings
    await page.goto('/');
    await page.goto(`/client/sso/${clientId}`);
    await expect(page.getByRole('heading', { name: 'Sign-in & Directory' })).toBeVisible({ timeout: 30_000 });

    await page.getByText('Other OpenID Connect', { exact: true }).click();
    await page.getByLabel('Issuer URL').fill(oidc.issuer);
    await page.getByLabel('Client ID').fill(OIDC.district.clientId);
    await page.getByLabel(/Client secret/).fill(OIDC.district.clientSecret);
    await page.getByLabel('Sign-in link name').fill('north-county');
    // the switch stays off until a test sign-in of the saved settings worked
    await expect(page.getByRole('switch', { name: 'Switched on' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(page.getByText('The sign-in settings were saved.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sso-test-status')).toHaveText('Not tested');

    // test sign-in: the provider's page, then back here with the result; nobody is signed in by it
    await page.getByRole('link', { name: 'Test sign-in' }).click();
    await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`), { timeout: 30_000 });
    await page.getByLabel('Email').fill(OIDC.district.account.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The test sign-in worked. You can switch the provider on.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('sso-test-status')).toContainText(`as ${OIDC.district.account.email}`);
    await expect(page.getByTestId('header-user-name')).toHaveText(DEMO_NAMES.clientAdminNorth);

    // switch on and require SSO, with the district administrator as break-glass
    await page.getByRole('switch', { name: 'Switched on' }).check();
    await page.getByRole('switch', { name: 'Require single sign-on for staff' }).check();
    await page
      .getByRole('textbox', { name: 'Break-glass administrator' })
      .or(page.getByRole('combobox', { name: 'Break-glass administrator' }))
      .click();
    await page.getByRole('option', { name: new RegExp(LOGINS.clientAdminNorth) }).click();
    await page.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(page.getByText('The sign-in settings were saved.').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('switch', { name: 'Switched on' })).toBeChecked();
    await expectAccessible(page);

    for (const [w, h] of [
      [1366, 800],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByRole('heading', { name: 'Sign-in & Directory' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/sso-settings-${w}x${h}.png` });
      await page.getByRole('heading', { name: 'Directory sync (SCIM 2.0)' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/sso-settings-scim-${w}x${h}.png` });
    }

    // the directory's token, shown once on the screen
    await page.getByRole('button', { name: 'Create token' }).click();
    const tokenText = page.getByText(/^scim_[\w-]{40,}$/);
    await expect(tokenText).toBeVisible({ timeout: 30_000 });
    const token = (await tokenText.textContent())!.trim();
    const scim = (method: 'GET' | 'PATCH', path: string, data?: unknown) =>
      page.request.fetch(`/scim/v2/${clientId}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        ...(data ? { data: JSON.stringify(data) } : {}),
      });
    const setActive = (id: string, active: boolean) =>
      scim('PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: active }],
      });

    // a staff member: the password is refused, the district's sign-in link works
    let deskId: string | null = null;
    const staff = await browser.newContext({ baseURL: appUrl, viewport: { width: 1366, height: 800 } });
    try {
      const p = await staff.newPage();
      await p.goto('/Account/Login');
      await p.getByLabel('Email').fill(LOGINS.deskNorthHigh);
      await p.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await p.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(p.getByText('Your district signs in with single sign-on.', { exact: false })).toBeVisible({
        timeout: 30_000,
      });

      await p.goto('/login/north-county');
      await expect(p.getByRole('heading', { name: 'North County Schools' })).toBeVisible({ timeout: 30_000 });
      const go = p.getByRole('link', { name: 'Sign in with your district' });
      await expect(go).toBeVisible({ timeout: 30_000 });
      for (const [w, h] of [
        [1366, 800],
        [1024, 768],
      ] as const) {
        await p.setViewportSize({ width: w, height: h });
        await p.screenshot({ path: `${SHOTS}/district-login-${w}x${h}.png` });
      }
      await go.click();
      await expect(p).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`), { timeout: 30_000 });
      await p.getByLabel('Email').fill(OIDC.district.account.email);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await expect(p.getByTestId('header-user-name')).toHaveText(DEMO_NAMES.deskNorthHigh, { timeout: 30_000 });
      await expect(p).toHaveURL(`${appUrl}/`);

      // the directory deactivates them (SCIM): their open session ends at once
      const found = await (
        await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${LOGINS.deskNorthHigh}"`)}`)
      ).json();
      deskId = found.Resources[0].id as string;
      expect((await setActive(deskId, false)).ok()).toBe(true);
      await p.goto('/');
      await expect(p).toHaveURL(/\/Account\/Login/, { timeout: 30_000 });
    } finally {
      // the worker's other tests sign this attendant in: active again
      if (deskId) expect((await setActive(deskId, true)).ok()).toBe(true);
      await staff.close();
    }
  } finally {
    await switchOff(page, clientId);
  }
});
