import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible as axe, loginAs, test } from '../fixtures';

/**
 * The audit console and a record's History (issue 26 §1): a district administrator edits an
 * exclusion, finds the edit in /audit by record kind, opens the row to what it recorded, and sees
 * the same edit in the exclusion's History tab; an attendant has neither the menu entry nor the page.
 */
async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  await axe(page);
}

const SHOTS = '/tmp/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function openExclusionEditor(page: Page, lastname: string) {
  await page.goto('/exclusion');
  await expect(page.getByRole('heading', { name: 'Manage Exclusions', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(lastname);
  const row = page.getByRole('table', { name: 'Exclusions' }).getByRole('row').filter({ hasText: lastname });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await row.getByRole('button', { name: /Edit exclusion of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Exclusion' });
  await expect(dialog.getByRole('textbox', { name: 'Last name' })).toBeVisible();
  return dialog;
}

test('a district administrator finds an exclusion edit in the audit log and in the exclusion’s History', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  const lastname = `Auditcase${tag()}`;
  const created = await api.post('/api/exclusions', {
    firstname: 'Quinn',
    lastname,
    exclusionType: 'RestrictedAccess',
  });
  const id = created.exclusion.id as number;

  // the edit: the note (a reason, not personal data: shown as written in the audit row)
  const edit = await openExclusionEditor(page, lastname);
  await edit.getByRole('textbox', { name: 'Last name' }).fill(`${lastname}b`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // the console, from the menu (Logs → Audit Log)
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Logs' }).click();
  await nav.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page).toHaveTitle('SafeVisitor - Audit Log');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit entries' });
  await expect(table.getByTestId('audit-action').first()).toBeVisible({ timeout: 15_000 });

  // filter by record kind: the URL carries it, every row is an exclusion's
  await page.getByRole('combobox', { name: 'Record kind' }).click();
  await page.getByRole('option', { name: 'Exclusion', exact: true }).click();
  await expect(page).toHaveURL(/targetType=exclusion/);
  const ours = table.getByRole('row').filter({ hasText: `Exclusion #${id}` });
  await expect(ours.filter({ hasText: 'exclusion.update' })).toHaveCount(1, { timeout: 10_000 });
  await expect(ours.filter({ hasText: 'exclusion.create' })).toHaveCount(1);
  // the filtered page replaces the unfiltered one when its answer arrives (our rows are on both)
  const records = table.getByRole('row').filter({ has: page.getByTestId('audit-action') });
  await expect
    .poll(async () => (await records.allInnerTexts()).every((r) => r.includes('Exclusion #')), { timeout: 10_000 })
    .toBe(true);

  // open the row: what it recorded, masked where it is a name
  const updated = ours.filter({ hasText: 'exclusion.update' });
  await expect(updated).toContainText('Nora North');
  await updated.getByRole('button', { name: 'Show details' }).click();
  const detail = page.getByTestId('audit-entry-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('lastname');
  await expect(detail).not.toContainText(`${lastname}b`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/audit-console-1366.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/audit-console-1024.png` });
  await page.setViewportSize({ width: 1366, height: 800 });

  // the exclusion's own History tab shows the edit just made
  const again = await openExclusionEditor(page, `${lastname}b`);
  await again.getByRole('tab', { name: 'History' }).click();
  const history = again.getByTestId('audit-history');
  await expect(history.getByTestId('audit-history-row').filter({ hasText: 'exclusion.update' })).toHaveCount(1);
  await expect(history.getByTestId('audit-history-row').filter({ hasText: 'exclusion.create' })).toHaveCount(1);
  await expect(history).toContainText('Nora North');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/audit-history-1366.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/audit-history-1024.png` });

  // its link opens the console on this record alone
  await history.getByRole('link', { name: 'Open in the audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?targetType=exclusion&targetId=${id}$`));
  await expect(page.getByText(`Showing the history of Exclusion #${id}.`)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Audit entries' }).getByTestId('audit-action');
  await expect(rows.first()).toBeVisible();
  expect((await rows.allInnerTexts()).sort()).toEqual(expect.arrayContaining(['exclusion.create', 'exclusion.update']));
});

test('an attendant has no Audit Log in the menu, and /audit sends them home', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Logs' }).click();
  await expect(nav.getByRole('link', { name: 'Visit Log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toHaveCount(0);
});

test('a district administrator sees the History of a visitor, a registration and a student’s pickup authorisations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const last = `Historyvisitor${tag()}`;
  const visitor = await desk.post('/api/visitors', {
    firstname: 'Harper',
    lastname: last,
    buildingId: desk.buildingId,
  });

  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  // the visitor's record: created at the desk, opened now
  await page.goto(`/verify/visitor/${visitor.id}`);
  const visitorHistory = page.getByTestId('audit-history');
  await expect(visitorHistory.getByRole('heading', { name: 'History' })).toBeVisible({ timeout: 15_000 });
  await expect(visitorHistory.getByTestId('audit-history-row').first()).toBeVisible();
  await expect(visitorHistory).toContainText('Hank Desk');
  await visitorHistory.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/audit-visitor-history-1366.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/audit-visitor-history-1024.png` });
  await page.setViewportSize({ width: 1366, height: 800 });

  // a registration: its creation in its History
  const stamp = tag();
  const type = await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: `History volunteers ${stamp}`,
    code: `history-${stamp}`,
    language: 'en',
    months: 12,
  });
  const registration = await api.post('/api/registrations', {
    registrationTypeId: type.id,
    firstname: 'Rowan',
    lastname: `Historyreg${stamp}`,
    dob: '1980-04-04',
    approved: true,
  });
  await page.goto(`/registration/${registration.id}`);
  const regHistory = page.getByTestId('audit-history');
  await expect(regHistory.getByTestId('audit-history-row').filter({ hasText: 'registration.' }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page);
  await regHistory.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/audit-registration-history-1366.png` });

  // a student's pickup authorisations: the section is there under the rules
  await page.goto('/student/authorizations');
  await page.getByLabel('Find a student').fill('Samplefield');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Open Blake Samplefield' }).click();
  await expect(page.getByTestId('auth-student')).toHaveText('Blake Samplefield');
  const authHistory = page.getByTestId('audit-history');
  await expect(authHistory.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(authHistory.getByRole('link', { name: 'Open in the audit log' })).toBeVisible();
  await expectAccessible(page);
  await authHistory.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/audit-pickup-history-1366.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/audit-pickup-history-1024.png` });
});
