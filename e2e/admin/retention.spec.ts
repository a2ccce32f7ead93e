import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * Records retention (issue 26 §2; ADR 0047): a district administrator sets a period, places a legal
 * hold on a student found by name, releases it, and runs the retention; an attendant has no such page.
 */
const SHOTS = '/tmp/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/retention-${name}.png`, fullPage: true });

test('a district administrator sets a period, holds a student’s records, releases the hold and runs the retention', async ({
  page,
}) => {
  // periods, a refused and a saved form, a hold placed and released, a run, two accessibility scans
  test.slow();
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'clientAdminNorth');
  await page.goto('/retention');
  await expect(page.getByRole('heading', { name: 'Records retention', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('SafeVisitor - Records Retention');
  const periods = page.getByTestId('retention-periods');
  await expect(periods.getByTestId('period-visits').getByRole('textbox')).toHaveValue('1095');
  await expect(periods.getByTestId('period-visits')).toContainText('Default');
  await expect(page.getByTestId('preview-visits')).toContainText('older than');
  await expectAccessible(page);
  await shot(page, 'district-admin-1366');

  // a period shorter than the minimum is refused in the form, next to its row
  const audit = periods.getByTestId('period-auditEvents').getByRole('textbox');
  await audit.fill('100');
  await periods.getByRole('button', { name: 'Save periods' }).click();
  await expect(periods.getByTestId('period-auditEvents')).toContainText('Keep these records at least 365 days.');
  await audit.fill('2555');
  // messages kept 60 days; the preview follows the saved period
  await periods.getByTestId('period-outboundMessages').getByRole('textbox').fill('60');
  await periods.getByRole('button', { name: 'Save periods' }).click();
  await expect(page.getByText('The retention periods were saved.')).toBeVisible();
  await expect(periods.getByTestId('period-outboundMessages')).not.toContainText('Default');

  // a legal hold on a student, found by name
  await page.getByRole('button', { name: 'Place a legal hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place a legal hold' });
  await dialog.getByText('A student').click();
  await dialog.getByRole('button', { name: 'Place the hold' }).click();
  await expect(dialog.getByText('Choose who the hold is for.')).toBeVisible();
  await dialog.getByLabel('Name').fill('samplefield');
  await dialog.getByRole('button', { name: 'Find' }).click();
  const choice = dialog.getByRole('radio', { name: /Samplefield/ }).first();
  await expect(choice).toBeVisible();
  const studentName = (
    (await dialog.locator('label').filter({ hasText: 'Samplefield' }).first().textContent()) ?? ''
  ).split(' · ')[0]!;
  await choice.check();
  await dialog.getByLabel('Reason').fill('Records request 2026-114');
  await expectAccessible(page);
  await shot(page, 'place-hold');
  await dialog.getByRole('button', { name: 'Place the hold' }).click();
  await expect(page.getByText('The hold was placed.')).toBeVisible();
  const holds = page.getByTestId('legal-holds');
  await expect(holds).toContainText(studentName);
  await expect(holds).toContainText('Records request 2026-114');

  await holds.getByRole('row').filter({ hasText: studentName }).getByRole('button', { name: 'Release' }).click();
  const release = page.getByRole('dialog', { name: 'Release this hold?' });
  await expect(release).toContainText(studentName);
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('The hold was released.')).toBeVisible();
  await expect(page.getByText('No open legal holds.')).toBeVisible();

  // runs: none yet; a manual run (when there is anything to remove) is listed with what it removed
  const runNow = page.getByRole('button', { name: 'Run now' });
  if (await runNow.isEnabled()) {
    await runNow.click();
    await page
      .getByRole('dialog', { name: 'Run the retention now?' })
      .getByRole('button', { name: 'Delete now' })
      .click();
    await expect(page.getByText(/The run removed \d+ record/)).toBeVisible();
    await expect(page.getByTestId('retention-runs')).toContainText('An administrator');
  } else {
    await expect(page.getByText('No run yet.')).toBeVisible();
  }

  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, 'district-admin-1024');
});

test('the platform administrator chooses a district; an attendant has no retention page', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  await page.goto('/retention');
  await expect(page.getByText('Choose a district to see its retention rules.')).toBeVisible();
  await page.getByRole('combobox', { name: 'District' }).click();
  await page.getByRole('option', { name: 'South Valley District' }).click();
  await expect(page.getByTestId('period-visits').getByRole('textbox')).toHaveValue('1095');

  const desk = await browser.newPage();
  await loginAs(desk, 'deskNorthHigh');
  await desk.goto('/retention');
  await expect(desk).not.toHaveURL(/\/retention/);
  await desk.close();
});

test('a records request: the administrator finds a person, downloads their archive and erases them', async ({
  page,
  browser,
}) => {
  // a visitor the desk created
  const deskPage = await browser.newPage();
  await loginAs(deskPage, 'deskNorthHigh');
  const api = await apiOf(deskPage);
  const last = `Requestor${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  await api.post('/api/visitors', {
    firstname: 'Wynona',
    lastname: last,
    dob: '1984-05-06',
    buildingId: api.user.buildingId,
  });
  await deskPage.close();

  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'clientAdminNorth');
  await page.goto('/retention');
  await page.getByLabel('Visitor’s name').fill(`wynona ${last}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: new RegExp(`Wynona ${last}`) }).click();
  const records = page.getByTestId('person-records');
  await expect(records).toContainText(`Wynona ${last}`);
  await expect(records).toContainText('born 05/06/1984');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    records.getByRole('link', { name: 'Download everything (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^person-\d+-records\.zip$/);

  await records.getByRole('button', { name: 'Erase this person' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase Wynona ${last}?` });
  await dialog.getByRole('button', { name: 'Erase this person' }).click();
  await expect(dialog.getByText('Type ERASE to confirm.')).toBeVisible();
  await dialog.getByLabel('Type ERASE to confirm').fill('ERASE');
  await expectAccessible(page);
  await shot(page, 'erase');
  await dialog.getByRole('button', { name: 'Erase this person' }).click();
  await expect(page.getByText('The person was erased.')).toBeVisible();
  await expect(records).toContainText('Erased person');
  await expect(records).not.toContainText(last);
});
