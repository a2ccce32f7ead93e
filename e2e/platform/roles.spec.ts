import { DEMO_NAMES, DEMO_PASSWORD, expect, loginAs, logoutFromShell, test, type Who } from '../fixtures';

/**
 * Issue 2 acceptance: every demo login signs in, sees the navigation of its role and its
 * district / building in the header, and logs out to the right page.
 */
interface StaffCase {
  who: Who;
  client: string | null;
  building: string | null;
  /** Administration group: absent, without Clients (client admin) or with Clients (admin) */
  administration: 'none' | 'withoutClients' | 'withClients';
}

const staff: StaffCase[] = [
  { who: 'admin', client: null, building: null, administration: 'withClients' },
  { who: 'clientAdminNorth', client: 'North County Schools', building: null, administration: 'withoutClients' },
  { who: 'deskNorthHigh', client: 'North County Schools', building: 'North High School', administration: 'none' },
  { who: 'deskLincoln', client: 'North County Schools', building: 'Lincoln Elementary', administration: 'none' },
  { who: 'clientAdminSouth', client: 'South Valley District', building: null, administration: 'withoutClients' },
  {
    who: 'deskSouthElem',
    client: 'South Valley District',
    building: 'South Valley Elementary',
    administration: 'none',
  },
];

for (const c of staff) {
  const navigation = {
    none: 'no Administration',
    withoutClients: 'Administration without Clients',
    withClients: 'Administration with Clients',
  }[c.administration];
  test(`${c.who} signs in, sees ${navigation} and logs out to the sign-in page`, async ({ page }) => {
    await loginAs(page, c.who);
    await expect(page).toHaveTitle('SafeVisitor - Dashboard');
    await expect(page.getByTestId('header-user-name')).toHaveText(DEMO_NAMES[c.who]);
    if (c.client) await expect(page.getByTestId('header-client-name')).toHaveText(c.client);
    else await expect(page.getByTestId('header-client-name')).toHaveCount(0);
    if (c.building) await expect(page.getByTestId('header-building-name')).toHaveText(c.building);
    else await expect(page.getByTestId('header-building-name')).toHaveCount(0);
    await expect(page.getByTestId('emergency-button')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Help' })).toBeVisible();
    const admin = nav.getByRole('button', { name: 'Administration' });
    if (c.administration === 'none') {
      await expect(admin).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Manage Exclusions' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Tools' })).toHaveCount(0);
    } else {
      await admin.click();
      await expect(nav.getByRole('link', { name: 'Buildings' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Manage Users' })).toBeVisible();
      const clients = nav.getByRole('link', { name: 'Districts', exact: true });
      if (c.administration === 'withClients') {
        await expect(clients).toBeVisible();
        await expect(nav.getByRole('button', { name: 'Tools' })).toBeVisible();
      } else {
        await expect(clients).toHaveCount(0);
        await expect(nav.getByRole('link', { name: 'District Settings' })).toBeVisible();
        await expect(nav.getByRole('button', { name: 'Tools' })).toHaveCount(0);
      }
    }

    await logoutFromShell(page);
    await expect(page).toHaveURL(/\/Account\/Login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to SafeVisitor' })).toBeVisible();
    // the session is gone on the server: the shell is no longer reachable
    await page.goto('/');
    await expect(page).toHaveURL(/\/Account\/Login$/);
  });
}

test('the kiosk account lands on the kiosk with its building and logs out to the kiosk sign-in', async ({ page }) => {
  await loginAs(page, 'kioskNorthHigh');
  await expect(page).toHaveURL(/\/safe\/kiosk$/);
  await expect(page.getByTestId('kiosk-building-name')).toHaveText('North High School');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(page.getByTestId('emergency-button')).toHaveCount(0);
  // kiosk accounts reach kiosk functions only
  await page.goto('/building');
  await expect(page).toHaveURL(/\/safe\/kiosk$/);
  await page.getByRole('button', { name: 'Kiosk log out' }).click();
  // the kiosk account's password (issue 25: not one tap for anyone in the lobby)
  await page.getByTestId('kiosk-logout-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log the kiosk out' }).click();
  await expect(page).toHaveURL(/\/safe\/kiosk\/login$/);
  await expect(page.getByRole('heading', { name: 'Kiosk sign in' })).toBeVisible();
});

test('an admin opening the kiosk is sent to the kiosk sign-in', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/safe/kiosk');
  await expect(page).toHaveURL(/\/safe\/kiosk\/login\?notKiosk=1$/);
  await expect(page.getByText('Administrators use the kiosk through a kiosk account.')).toBeVisible();
});
