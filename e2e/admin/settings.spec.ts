import { expect, expectAccessible, loginAs, test } from '../fixtures';

test.describe('system settings (/settings)', () => {
  test('a client admin sees the registration links and tests the Skyward connection', async ({ page }) => {
    test.slow();
    await loginAs(page, 'clientAdminNorth');
    await page.goto('/settings');
    await expect(page).toHaveTitle('SafeVisitor - System Settings');
    await expect(page.getByTestId('settings-client-name')).toHaveText('North County Schools');
    await expectAccessible(page);

    // issue 25 (audit 000 U5; ADR 0039): the visitor/volunteer URLs are the product's own
    // registration links, derived and read-only with a copy button, not free text
    await expect(page.getByLabel('Visitor URL')).toHaveCount(0);
    const links = page.getByTestId('registration-links');
    await expect(links).toContainText('Volunteer');
    await expect(links.getByRole('link', { name: /\/register\/\d+\/volunteer$/ })).toBeVisible();
    await expect(links.getByRole('button', { name: 'Copy the link of Volunteer', exact: true })).toBeVisible();

    // the demo installation without a saved server uses the built-in SIS
    await page.getByRole('button', { name: 'Test Skyward connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connection successful.' })).toBeVisible();

    // a saved server that does not answer
    const { csrfToken } = await (await page.request.get('/api/auth/session')).json();
    const lookup = await (await page.request.get('/api/clients/lookup')).json();
    const id = lookup.data[0].id;
    // PATCH changes only the settings sent (issue 23 §4), with the version just read
    const settingsUrl = `/api/clients/${id}/settings`;
    const {
      clientId: _c,
      clientName: _n,
      hasSisClientSecret: _h,
      ...before
    } = await (await page.request.get(settingsUrl)).json();
    const saved = await page.request.patch(settingsUrl, {
      headers: { 'x-csrf-token': csrfToken },
      data: {
        ...before,
        sisBaseUrl: 'https://127.0.0.1:9',
        sisClientId: 'north',
        sisClientSecret: 'unused',
        volunteerUrl: 'https://volunteer.northcounty.example/',
      },
    });
    expect(saved.ok()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Test Skyward connection' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Could not connect to Skyward server. Please try after sometime or contact your administrator.',
      }),
    ).toBeVisible();
    await expectAccessible(page);
    // back to the built-in SIS, the rest as it was
    const { version } = await (await page.request.get(settingsUrl)).json();
    const restored = await page.request.patch(settingsUrl, {
      headers: { 'x-csrf-token': csrfToken },
      data: { ...before, clearSisClientSecret: true, version },
    });
    expect(restored.ok()).toBe(true);
  });

  test('an admin chooses the client; its registration links show on the edit-client screen', async ({ page }) => {
    test.slow();
    await loginAs(page, 'admin');
    await page.goto('/settings');
    await expect(page.getByText('Choose a district to see its settings.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'District' }).click();
    await page.getByRole('option', { name: 'South Valley District' }).click();
    await expect(page).toHaveURL(/clientId=\d+/);
    const clientId = new URL(page.url()).searchParams.get('clientId');
    const link = new RegExp(`/register/${clientId}/volunteer$`);
    await expect(page.getByTestId('registration-links').getByRole('link', { name: link })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/client/edit/${clientId}`);
    await expect(page.getByTestId('registration-links').getByRole('link', { name: link })).toBeVisible();
  });
});

test.describe('student reasons (/settings/studentreasons)', () => {
  test('a client admin adds pickup and drop-off reasons, marks one excused and deactivates one', async ({ page }) => {
    test.slow();
    await loginAs(page, 'clientAdminNorth');
    await page.goto('/settings/studentreasons');
    await expect(page).toHaveTitle('SafeVisitor - Student Reasons');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add pickup reason' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('switch', { name: 'Excused absence' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the reason')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Medical appointment');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Medical appointment/ })).toBeVisible();

    await page.getByRole('tab', { name: 'Drop-off reasons' }).click();
    await page.getByRole('button', { name: 'Add drop-off reason' }).click();
    await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Dentist');
    await dialog.getByRole('switch', { name: 'Excused absence' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Dentist/ })).toContainText('Excused');
    await page.getByRole('button', { name: 'Add drop-off reason' }).click();
    await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Overslept');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Overslept/ })).toContainText('Unexcused');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit Overslept' }).click();
    await dialog.getByRole('switch', { name: 'Active' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Overslept/ })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show active reasons only' }).click();
    await expect(page.getByRole('row', { name: /Overslept/ })).toContainText('Inactive');

    // the pickup list is separate
    await page.getByRole('tab', { name: 'Pickup reasons' }).click();
    await expect(page.getByRole('row', { name: /Medical appointment/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Dentist/ })).toHaveCount(0);
  });

  test('an admin chooses the client first', async ({ page }) => {
    test.slow();
    await loginAs(page, 'admin');
    await page.goto('/settings/studentreasons');
    await expect(page.getByText('Choose a district to see its settings.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add pickup reason' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'District' }).click();
    await page.getByRole('option', { name: 'South Valley District' }).click();
    await expect(page.getByRole('tab', { name: 'Pickup reasons' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an attendant cannot reach the settings screens', async ({ page }) => {
    test.slow();
    await loginAs(page, 'deskNorthHigh');
    for (const path of ['/settings', '/settings/studentreasons']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });
});
