import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = '/tmp/shots';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/buildings-contacts-${name}.png` });

const table = (page: Page) => page.getByRole('table', { name: 'Contacts' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name }).first();

async function openContacts(page: Page) {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(rowOf(page, 'North County Security Office')).toBeVisible();
}

test('an admin sees the client filter, the client column and the confidence levels', async ({ page }) => {
  await loginAs(page, 'admin');
  await openContacts(page);
  await expect(page).toHaveTitle('SafeVisitor - Contacts');
  await expect(table(page).getByRole('columnheader', { name: 'District' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Notify levels' })).toBeVisible();
  await expect(rowOf(page, 'South Valley Safety Desk')).toContainText('South Valley District');
  await expect(rowOf(page, 'North County Security Office')).toContainText('All levels');
  // the levels by name, not bare ids (audit 000 U8)
  await expect(rowOf(page, 'North High Front Office')).toContainText(
    'Exact Strong, Exact Very Strong, Mixed Strong, Mixed Very Strong',
  );
  await expectAccessible(page);
  await shot(page, 'admin-list');

  await page.getByRole('combobox', { name: 'District', exact: true }).click();
  await page.getByRole('option', { name: 'South Valley District' }).click();
  await expect(table(page).getByRole('row').filter({ hasText: 'North County Security Office' })).toHaveCount(0);

  await rowOf(page, 'South Valley Safety Desk').getByRole('button', { name: 'Edit South Valley Safety Desk' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(modal.getByText('Notify about matches of these confidence levels')).toBeVisible();
  await expect(modal.getByText('Flag badges for matches of these confidence levels')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'admin-edit');
  // levels are stored and shown again: add badge level 3 (Exact Very Strong)
  await modal.getByRole('combobox', { name: 'Flag badges for matches of these confidence levels' }).click();
  await page.getByRole('option', { name: '3 Exact Very Strong' }).click();
  await page.keyboard.press('Escape');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact saved.')).toBeVisible();
  await rowOf(page, 'South Valley Safety Desk').getByRole('button', { name: 'Edit South Valley Safety Desk' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Contact' })).toContainText('3 Exact Very Strong');
});

test('a client admin without elevated reports sees their district only, without the levels or client filter', async ({
  page,
}) => {
  await loginAs(page, 'clientAdminNorth');
  await openContacts(page);
  await expect(page.getByRole('combobox', { name: 'District', exact: true })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'District' })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'Notify levels' })).toHaveCount(0);
  await expect(table(page)).not.toContainText('South Valley');
  await expectAccessible(page);
  await shot(page, 'client-admin-list');

  await page.getByRole('button', { name: 'Add contact' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(modal.getByText('Notify about matches of these confidence levels')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Enter the contact name')).toBeVisible();
  await expect(modal.getByText('Choose the building of this contact')).toBeVisible();
  await expect(modal.getByText('Enter an e-mail address or a mobile number')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'add-errors');
});

test('a Global contact has its building cleared; the active-only toggle hides inactive contacts', async ({ page }) => {
  await loginAs(page, 'clientAdminNorth');
  await openContacts(page);
  await page.getByRole('button', { name: 'Add contact' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Contact' });
  await modal.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: 'Lincoln Elementary' }).click();
  await modal.getByRole('textbox', { name: 'Name' }).fill('Crossing Guard Lead');
  await modal.getByRole('textbox', { name: 'Title' }).fill('Traffic safety');
  await modal.getByRole('textbox', { name: 'Email' }).fill('guards@northcounty.example');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(rowOf(page, 'Crossing Guard Lead')).toContainText('Lincoln Elementary');
  await expect(rowOf(page, 'Crossing Guard Lead')).toContainText('Building');

  await rowOf(page, 'Crossing Guard Lead').getByRole('button', { name: 'Edit Crossing Guard Lead' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByText('Global', { exact: true }).click();
  await expect(edit.getByRole('combobox', { name: 'Building' })).toHaveCount(0);
  await edit.getByRole('switch', { name: 'Active' }).evaluate((el) => (el as HTMLInputElement).click());
  await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table(page).getByRole('row').filter({ hasText: 'Crossing Guard Lead' })).toHaveCount(0);

  await page.getByRole('switch', { name: 'Active only' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Active only' })).not.toBeChecked();
  const row = rowOf(page, 'Crossing Guard Lead');
  await expect(row).toContainText('District-wide');
  await expect(row).toContainText('Global');
  await expect(row).not.toContainText('Lincoln Elementary');
  await expect(row).toContainText('Inactive');
});

test('an attendant cannot reach the Contacts screen', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toHaveCount(0);
});
