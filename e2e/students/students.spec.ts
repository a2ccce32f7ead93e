import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { MESSAGES, PICKUP_MESSAGES } from '@sv/contracts';
import { startFakePrinter } from '../../apps/server/src/test/peers/fake-printer';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * Students (issue 12; spec 002 §2 student screens, §4 Pickup / Dropoff, §8; the Pickup Log) on
 * the demo roster (db/seed/demo-students.ts): the demo districts are in Skyward mode with the
 * built-in SIS.
 */
test.use({ viewport: { width: 1280, height: 800 } });
const SHOTS = process.env.STUDENT_SHOTS_DIR ?? '/tmp/shots-students';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** The text a pdf-lib PDF draws: content streams inflated, hex strings decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      body = m[1];
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return out;
}

async function studentId(page: Page, text: string) {
  const api = await apiOf(page);
  const res = await api.post('/api/students/search', { text });
  return res.data[0].id as number;
}

test.describe
  .serial('students', () => {
    test('an attendant picks a student up with a photo (dashboard → lookup → guardian table → photo and reason)', async ({
      page,
    }) => {
      await loginAs(page, 'deskNorthHigh');
      await page.goto('/');
      await page.getByTestId('desk-button-pickup').click();
      const lookup = page.getByRole('dialog', { name: 'Student pickup' });
      await expect(
        lookup.getByText('Find the student by name or Student ID, or scan the student ID card.'),
      ).toBeVisible();
      // a scanned student ID card types the ID and Enter: one match goes straight to the student
      await lookup.getByLabel('Name or Student ID').fill('100234');
      await lookup.getByLabel('Name or Student ID').press('Enter');
      await expect(page).toHaveURL(/\/student\/pickupSIS\/\d+$/);
      await expect(page.getByTestId('pickup-student')).toHaveText('Avery Testwood');
      const table = page.getByTestId('guardian-table');
      await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Comments', 'Pickup']);
      const riley = table.getByRole('row').filter({ hasText: 'Riley Testwood' });
      await expect(riley).toContainText('Court order');
      await expect(riley.getByText(PICKUP_MESSAGES.restricted)).toBeVisible();
      await expect(riley.getByRole('button')).toHaveCount(0);
      await expect(
        table.getByRole('row').filter({ hasText: 'Lee Testwood' }).getByText(PICKUP_MESSAGES.expired),
      ).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'pickup-screen');

      await page.getByRole('button', { name: 'Pick up Avery Testwood with Jordan Testwood' }).click();
      const photo = page.getByRole('dialog', { name: 'Picture Verification' });
      await expect(photo).toBeVisible();
      await photo.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Appointment', exact: true }).click();
      await expect(photo.getByRole('button', { name: 'Take picture' })).toBeEnabled();
      await photo.getByRole('button', { name: 'Take picture' }).click();
      await expect(photo.getByTestId('captured-photo')).toBeVisible();
      // issue 22: the adult is checked before the release; Jordan's date of birth is on file
      await expect(photo.getByTestId('pickup-id-step')).toContainText('On file: born 06/12/1984.');
      await photo.getByRole('radio', { name: 'I know this person: they match what is on file' }).check();
      await expectAccessible(page);
      await shot(page, 'pickup-photo-dialog');
      const recorded = page.waitForRequest((r) => /\/api\/students\/\d+\/pickups$/.test(r.url()));
      await photo.getByRole('button', { name: 'Record pickup' }).click();
      const sent = await recorded;
      expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      await expect(page.getByText(MESSAGES.pickupRecorded)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    test('a guardian without permission shows a cross, and no pickup action', async ({ page }) => {
      await loginAs(page, 'deskNorthHigh');
      await page.goto('/');
      await page.getByTestId('desk-button-pickup').click();
      const lookup = page.getByRole('dialog', { name: 'Student pickup' });
      await lookup.getByLabel('Name or Student ID').fill('samplefield');
      await lookup.getByRole('button', { name: 'Find' }).click();
      await lookup.getByRole('listitem', { name: 'Open Blake Samplefield' }).click();
      const morgan = page.getByTestId('guardian-table').getByRole('row').filter({ hasText: 'Morgan Samplefield' });
      await expect(morgan.getByText(PICKUP_MESSAGES.notAuthorised)).toBeVisible();
      await expect(morgan.getByRole('button')).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: 'Pick up Blake Samplefield with Casey Samplefield' }),
      ).toBeVisible();
    });

    test('a tardy drop-off prints its slip (a receipt-sized PDF) and goes home', async ({ page }) => {
      await loginAs(page, 'deskNorthHigh');
      const id = await studentId(page, '100234');
      await page.context().addInitScript(() => {
        window.print = () => {
          const top = window.top as Window & { __printed?: string[] };
          top.__printed = [...(top.__printed ?? []), window.location.pathname];
        };
      });
      await page.goto(`/student/dropoffSIS/${id}`);
      await expect(page.getByTestId('dropoff-student')).toHaveText('Avery Testwood');
      // nothing happens without a reason
      await page.getByRole('button', { name: 'Record drop-off' }).click();
      await expect(page.getByText('Choose a drop-off reason.')).toBeVisible();
      await page.getByRole('radio', { name: /Medical appointment/ }).check();
      await expectAccessible(page);
      await shot(page, 'dropoff-screen');
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Record drop-off' }).click();
      const win = await popup;
      // the success notice lasts CONSTANTS.alertSuccessMs (4 s): check it while the slip window
      // opens, not after the PDF checks below (a loaded machine outlasted it)
      await expect(page.getByText(MESSAGES.dropoffRecorded)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(win).toHaveURL(/\/GenerateAndPrint\/GenerateTardySlipForEvent\/\d+\/-?\d+$/);
      const eventId = Number(/GenerateTardySlipForEvent\/(\d+)/.exec(win.url())![1]);
      expect(eventId).toBeGreaterThan(0);
      await expect(win).toHaveTitle('SafeVisitor - Tardy slip');
      await expect
        .poll(() => win.evaluate(() => (window as Window & { __printed?: string[] }).__printed ?? []))
        .toEqual([`/api/students/dropoffs/${eventId}/tardy-slip.pdf`]);
      const pdf = await page.request.get(`/api/students/dropoffs/${eventId}/tardy-slip.pdf`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const text = pdfText(await pdf.body());
      for (const s of [
        'TARDY SLIP',
        'North High School',
        'Avery Testwood',
        'Student ID: 100234',
        'Medical appointment',
        'Yes - excused',
      ])
        expect(text).toContain(s);
      await win.waitForTimeout(500);
      await win.screenshot({ path: `${SHOTS}/tardy-slip-window.png` });
      await win.close();
    });

    test('at a building that prints from the server the slip goes to its printer, no window (audit 002 ksl U6)', async ({
      page,
      browser,
    }) => {
      const adminContext = await browser.newContext();
      const adminPage = await adminContext.newPage();
      await loginAs(adminPage, 'clientAdminNorth');
      const admin = await apiOf(adminPage);
      const printer = await startFakePrinter();
      await loginAs(page, 'deskNorthHigh');
      const buildingId = (await apiOf(page)).buildingId;
      const before = await admin.get(`/api/buildings/${buildingId}`);
      const setPrinter = async (printMethod: string, address: string) => {
        const { id: _i, clientName: _c, ...fields } = await admin.get(`/api/buildings/${buildingId}`);
        await admin.put(`/api/buildings/${buildingId}`, { ...fields, printMethod, printerIpAddress: address });
      };
      await setPrinter('server', printer.address);
      try {
        const id = await studentId(page, '100235');
        await page.goto(`/student/dropoffSIS/${id}`);
        await expect(page.getByTestId('dropoff-student')).toHaveText('Blake Samplefield');
        await page.getByRole('radio', { name: /Medical appointment/ }).check();
        let popups = 0;
        page.on('popup', () => popups++);
        await page.getByRole('button', { name: 'Record drop-off' }).click();
        await expect(page.getByText('The tardy slip was sent to the building’s printer.')).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        await printer.waitForJobs(1);
        expect(printer.jobs[0]).toContain('TARDY SLIP');
        expect(printer.jobs[0]).toContain('Blake Samplefield');
        expect(popups).toBe(0);
      } finally {
        await setPrinter(before.printMethod, before.printerIpAddress);
        await printer.close();
        await adminContext.close();
      }
    });

    test('the pickup log shows the pickup with its photo and exports it', async ({ page }) => {
      await loginAs(page, 'clientAdminNorth');
      await page.goto('/PickupLog/');
      await expect(page.getByRole('heading', { name: 'Student Pickup Log' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: 'Avery Testwood' }).first();
      await expect(row).toContainText('Jordan Testwood');
      await expect(row).toContainText('Appointment');
      await expect(row).toContainText('North High School');
      await expect(row).toContainText('Hank Desk');
      await expect(page.getByRole('combobox', { name: 'Attendant', exact: true })).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'pickup-log');
      await row.getByRole('button', { name: 'View the photo of Jordan Testwood' }).click();
      const photo = page.getByRole('dialog', { name: 'Photo of Jordan Testwood collecting Avery Testwood' });
      await expect(photo.getByTestId('pickup-photo')).toBeVisible();
      await expect
        .poll(() => photo.getByTestId('pickup-photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await photo.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Export' }).click();
      const exp = page.getByRole('dialog', { name: 'Export Pickup Log' });
      await expect(exp.getByRole('checkbox', { checked: true })).toHaveCount(6);
      const download = page.waitForEvent('download');
      await exp.getByRole('button', { name: 'Download' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^pickup-log_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
      const fs = await import('node:fs/promises');
      const text = await fs.readFile((await file.path())!, 'utf8');
      expect(text.split('\r\n')[0]).toBe('\uFEFFStudent,Guardian,Reason,Building,Attendant,Date');
      expect(text).toContain('Avery Testwood,Jordan Testwood,Appointment,North High School,Hank Desk,');
    });

    test('a client admin gives a relative a one-day exception; the desk then offers the pickup', async ({ page }) => {
      await loginAs(page, 'clientAdminNorth');
      await page.goto('/student/authorizations');
      await page.getByLabel('Find a student').fill('Samplefield');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: 'Open Blake Samplefield' }).click();
      await expect(page.getByTestId('auth-student')).toHaveText('Blake Samplefield');
      const people = page.getByTestId('auth-people');
      await expect(people.getByRole('row').filter({ hasText: 'Morgan Samplefield' })).toContainText('May not pick up');
      await page.getByRole('button', { name: 'Add a rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a pickup rule' });
      await dialog.getByRole('combobox', { name: 'Person' }).click();
      await page.getByRole('option', { name: 'Morgan Samplefield' }).click();
      await dialog.getByLabel('Note (shown at the desk)').fill('Aunt, field trip day');
      await dialog.getByRole('button', { name: 'Save rule' }).click();
      await expect(people.getByRole('row').filter({ hasText: 'Morgan Samplefield' })).toContainText('May pick up');
      await expect(page.getByTestId('auth-rules')).toContainText('Aunt, field trip day');
      await expectAccessible(page);
      await shot(page, 'pickup-authorizations');
    });
  });
