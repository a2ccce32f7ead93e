import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = '/tmp/shots';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/registration-types-${name}.png`, fullPage: true });

const table = (page: Page) => page.getByRole('table', { name: 'Registration types' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name }).first();

test('an admin adds, lists and edits a registration type from the Clients row menu', async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Chaperones ${stamp}`;
  const code = `chaperones-${stamp}`;

  await loginAs(page, 'admin');
  await page.goto('/client');
  await page.getByRole('button', { name: 'Actions for North County Schools' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Registration Types' }).click();
  await expect(page).toHaveURL(/\/client\/regTypes\/\d+$/);
  await expect(page).toHaveTitle('SafeVisitor - Registration Types');
  await expect(page.getByRole('heading', { name: 'Registration Types', level: 1 })).toBeVisible();
  await expect(page.getByTestId('regtypes-client-name')).toHaveText('North County Schools');
  await expect(page.getByRole('switch', { name: 'Active only' })).toBeChecked();
  await expect(table(page).getByRole('columnheader')).toHaveText(['Edit', 'Name ▲', 'URL Code ↕', 'Username ↕']);
  await expectAccessible(page);
  const listUrl = page.url();

  await page.getByRole('link', { name: 'Add registration type' }).click();
  await expect(page).toHaveURL(/\/client\/regTypes\/\d+\/new$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Username' }).fill('north-chaperones');
  await page.getByRole('textbox', { name: 'URL code' }).fill(code);
  // the section says what attributes do: questions on the public form (issue 25, audit 001 U10)
  await expect(page.getByText(/Questions on this type’s public registration form: each name is asked/)).toBeVisible();
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await page.getByRole('textbox', { name: 'Attribute 1 name' }).fill('Trip');
  await page.getByRole('textbox', { name: 'Attribute 1 value' }).fill('Spring field trip');
  await page.getByRole('button', { name: 'Add arrest-watch contact' }).click();
  const contact = page.getByRole('group', { name: 'Contact 1' });
  await contact.getByRole('textbox', { name: 'Name' }).fill('District Safety Office');
  await contact.getByRole('textbox', { name: 'Email' }).fill('safety@north.example');
  await contact.getByRole('combobox', { name: 'Notify about alerts of these confidence levels' }).click();
  await page.getByRole('option', { name: '3 Exact Very Strong' }).click();
  await page.keyboard.press('Escape');
  // spec 001 §4: setting inArrestWatch clears and disables the schedule and the date
  await page.getByRole('switch', { name: 'Scheduled arrest watch for all' }).check({ force: true });
  await page.getByRole('switch', { name: 'In arrest watch' }).check({ force: true });
  await expect(page.getByRole('switch', { name: 'Scheduled arrest watch for all' })).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Arrest watch approval date' })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'admin-new');
  await page.getByRole('button', { name: 'Add registration type' }).click();

  await expect(page).toHaveURL(listUrl);
  await expect(rowOf(page, name)).toContainText(code);
  await expect(rowOf(page, name)).toContainText('north-chaperones');
  await shot(page, 'admin-list');

  await rowOf(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('textbox', { name: 'Attribute 1 value' })).toHaveValue('Spring field trip');
  await expect(page.getByRole('group', { name: 'Contact 1' }).getByRole('textbox', { name: 'Email' })).toHaveValue(
    'safety@north.example',
  );
  await expect(page.getByRole('switch', { name: 'In arrest watch' })).toBeChecked();
  await page
    .getByRole('region', { name: 'Registration type' })
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill(`${name} edited`);
  await page.getByRole('switch', { name: /^Active\b/ }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(listUrl);

  // the active-only toggle (on) hides the now inactive type; off shows it again
  await expect(
    table(page)
      .getByRole('row')
      .filter({ hasText: `${name} edited` }),
  ).toHaveCount(0);
  await page.getByRole('switch', { name: 'Active only' }).evaluate((el) => (el as HTMLInputElement).click());
  await expect(page.getByRole('switch', { name: 'Active only' })).not.toBeChecked();
  await expect(rowOf(page, `${name} edited`)).toContainText('Inactive');
  await expectAccessible(page);
});

test('a client admin manages their own district’s types; a clash of URL codes is a field error', async ({ page }) => {
  const code = `volunteers-${Date.now().toString(36)}`;
  await loginAs(page, 'clientAdminNorth');
  // client admins reach the list from Administration → Registration Types (their own district)
  const clientId = await page.evaluate(async () => (await (await fetch('/api/auth/session')).json()).user.clientId);
  await page.goto(`/client/regTypes/${clientId}/new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Volunteers A');
  await page.getByRole('textbox', { name: 'URL code' }).fill(code);
  await page.getByRole('button', { name: 'Add registration type' }).click();
  await expect(rowOf(page, 'Volunteers A')).toContainText(code);
  await shot(page, 'client-admin-list');

  await page.getByRole('link', { name: 'Add registration type' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Volunteers B');
  await page.getByRole('textbox', { name: 'URL code' }).fill(code);
  await page.getByRole('button', { name: 'Add registration type' }).click();
  await expect(page.getByText('This URL code is already in use')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'client-admin-clash');
});
