import { expect, loginAs, test } from '../fixtures';

test('an admin impersonates an attendant, sees the banner, and ends as admin again', async ({ page }) => {
  await loginAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('button', { name: 'Impersonate User' }).click();

  const dialog = page.getByRole('dialog', { name: 'Impersonate User' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole('textbox', { name: 'Search people by name or email' });
  await expect(search).toBeFocused();

  // one character does not search (spec 000 §5: search starts at 2 characters)
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/impersonation/search')) searches++;
  });
  await search.fill('l');
  await page.waitForTimeout(600);
  expect(searches).toBe(0);

  await search.fill('desk.lincoln');
  const pick = dialog.getByRole('button', { name: 'Act as Lina Desk' });
  await expect(pick).toBeVisible();
  await expect(pick).toContainText('Lincoln Elementary');
  // the term travels in the request body, never in the URL (security guide)
  expect(searches).toBeGreaterThan(0);
  await pick.click();

  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You (Alex Admin) are acting as Lina Desk.');
  await expect(page.getByTestId('header-user-name')).toHaveText('Lina Desk');
  await expect(page.getByTestId('header-building-name')).toHaveText('Lincoln Elementary');
  await expect(nav.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await expect(dialog).toBeHidden();

  // the banner survives a reload: the state lives in the server session
  await page.reload();
  await expect(banner).toContainText('are acting as Lina Desk');

  await banner.getByRole('button', { name: 'End' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('header-user-name')).toHaveText('Alex Admin');
  await expect(page.getByTestId('header-building-name')).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Administration' })).toBeVisible();
});

test('people other than admins have no impersonation', async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'Impersonate User' })).toHaveCount(0);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
});
