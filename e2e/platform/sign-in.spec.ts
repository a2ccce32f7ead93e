import { expect, expectAccessible, loginAs, test } from '../fixtures';

test('the sign-in page is accessible and signs a client admin in to their district', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/Account\/Login/);
  await expect(page).toHaveTitle('SafeVisitor - Sign In');
  await expectAccessible(page);
  // the form itself, never a saved session (e2e/fixtures.ts)
  await loginAs(page, 'clientAdminNorth', { viaSignInPage: true });
  await expect(page.getByTestId('header-client-name')).toContainText('North County Schools');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Administration');
});

test('a wrong password shows the message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/Account/Login');
  await page.getByLabel('Email').fill('desk.lincoln@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/Account\/Login/);
});

test('unknown routes go to the dashboard and routes match case-insensitively', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/no/such/route');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/SAFEVENDORCOMPANIES');
  await expect(page).toHaveTitle('SafeVisitor - SafeVendor Companies');
});
