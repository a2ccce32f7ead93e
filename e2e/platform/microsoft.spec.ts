import { expect, logoutFromShell, test } from '../fixtures';
import { OIDC } from '../oidc';

/**
 * Microsoft sign-in end to end against the worker's local OIDC provider (e2e/server.ts): the
 * approved tenant links the account to the user with the same e-mail on first sign-in; logout
 * goes through /Account/MicrosoftSignOut to the provider's sign-out and back to sign-in.
 */
test('sign in with Microsoft, then log out through the provider', async ({ page, e2eServer }) => {
  const { url: appUrl, oidc } = e2eServer;
  // the local provider's stock sign-out page asks for a web font; the test machine is offline
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.goto('/Account/Login');
  await page.getByRole('link', { name: 'Sign in with Microsoft' }).click();

  // the provider's own sign-in page
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await page.getByLabel('Email').fill(OIDC.account.email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // back in the app, signed in as the linked user (the app's name, not the provider's)
  await expect(page.getByTestId('header-user-name')).toHaveText('Lina Desk');
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByTestId('header-building-name')).toHaveText('Lincoln Elementary');

  await logoutFromShell(page);
  // spec 000 §2: Microsoft users leave through /Account/MicrosoftSignOut → the provider's end-session
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/`));
  await page.getByRole('button', { name: /sign me out/i }).click();
  await expect(page).toHaveURL(`${appUrl}/Account/Login`);
  await page.goto('/');
  await expect(page).toHaveURL(/\/Account\/Login$/);
});
