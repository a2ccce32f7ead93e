import type { Browser, Page } from '@playwright/test';
import { PICKUP_MESSAGES } from '@sv/contracts';
import { expect, loginAs, test, type Who } from '../fixtures';
import { apiOf } from '../desk/desk-api';

/**
 * Reunification (issue 27 §3; ADR 0050): an evacuation drill at North High; a parent pre-requests
 * two children on the public page in Spanish (phone); the station checks the adult, who is given
 * one child (Avery: a standing permission) and refused the other (Blake: a court order added for
 * this test), the runner fetches Avery and the release takes the adult's photo. Everything this
 * spec starts is ended in `finally` (the worker's database is shared with later specs).
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function pageAs(browser: Browser, who: Who, viewport = { width: 1366, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, who);
  return page;
}

async function endAll(admin: Page) {
  const api = await apiOf(admin);
  const { data } = await api.get('/api/reunification/events?open=true');
  for (const e of data as { id: number }[]) await api.post(`/api/reunification/events/${e.id}/end`, {});
  const { states } = await api.get('/api/emergency-states/active');
  for (const s of states as { id: number }[])
    await api.post(`/api/emergency-states/${s.id}/end`, { notes: 'E2E reunification over.' });
}

test('a parent pre-requests in Spanish; the station gives one child and refuses the other (court order)', async ({
  browser,
}) => {
  const admin = await pageAs(browser, 'clientAdminNorth');
  await endAll(admin);
  const api = await apiOf(admin);
  const desk = await pageAs(browser, 'deskNorthHigh');
  let rule: { studentId: number; ruleId: number } | null = null;
  try {
    // a court order keeps Jordan Testwood (Avery's mother) from Blake Samplefield
    const northHigh = (await apiOf(desk)).buildingId;
    const blake = (await api.post('/api/students/search', { buildingId: northHigh, text: '100235' })).data[0];
    const avery = (await api.post('/api/students/search', { buildingId: northHigh, text: '100234' })).data[0];
    const people = await api.get(`/api/students/${avery.id}/guardians?buildingId=${northHigh}&mode=general`);
    const jordan = (people.guardians as { guardianId: number; name: string }[]).find(
      (g) => g.name === 'Jordan Testwood',
    );
    expect(jordan).toBeTruthy();
    const created = await api.post(`/api/students/${blake.id}/authorizations`, {
      guardianId: jordan?.guardianId,
      kind: 'deny',
      note: 'Court order E2E-0001: may not pick up',
    });
    rule = { studentId: blake.id, ruleId: created.id };

    // an evacuation drill, then the station starts reunification from it
    await (await apiOf(desk)).post('/api/emergency-states', {
      kind: 'Evacuate',
      drill: true,
      confirmation: 'EVACUATE',
    });
    await desk.goto('/reunification');
    await expect(desk.getByRole('heading', { level: 1, name: 'Reunification' })).toBeVisible();
    await desk.getByTestId('station-name').fill('Table 1');
    await desk.getByRole('button', { name: /Start reunification for this Evacuate/ }).click();
    await expect(desk.getByTestId('count-reunified')).toBeVisible({ timeout: 10_000 });
    const event = (await api.get('/api/reunification/events?open=true')).data[0] as { publicPath: string; id: number };

    // the family's phone, in Spanish: the page follows the phone's language
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    const phone = await phoneContext.newPage();
    await phone.goto(event.publicPath);
    await expect(phone.getByRole('heading', { level: 1, name: 'Reunificación de estudiantes' })).toBeVisible();
    await phone.getByLabel('Su nombre').fill('Jordan');
    await phone.getByLabel('Su apellido').fill('Testwood');
    await phone.getByRole('textbox', { name: 'Nombre', exact: true }).first().fill('Avery');
    await phone.getByRole('textbox', { name: 'Apellido', exact: true }).first().fill('Testwood');
    await phone.getByRole('button', { name: 'Agregar otro niño' }).click();
    await phone.getByRole('textbox', { name: 'Nombre', exact: true }).nth(1).fill('Blake');
    await phone.getByRole('textbox', { name: 'Apellido', exact: true }).nth(1).fill('Samplefield');
    await phone.screenshot({ path: `${SHOTS}/reunify-public-390.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Enviar mi solicitud' }).click();
    await expect(phone.getByTestId('reunify-done')).toContainText('Recibimos su solicitud');
    await phone.screenshot({ path: `${SHOTS}/reunify-public-done-390.png` });
    await phoneContext.close();

    // the station: the pre-request arrives through the building's push
    const card = desk.getByTestId('reunify-request').filter({ hasText: 'Jordan Testwood' });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText('Speaks Español');
    await card.click();
    const panel = desk.getByTestId('station-panel');
    await expect(panel.getByTestId('who-on-file')).toHaveValue('Jordan Testwood');
    await panel.getByRole('radio', { name: 'I know this person: they match what is on file' }).check();
    await panel.getByRole('button', { name: 'Check ID and children' }).click();
    const averyRow = panel.getByTestId('reunify-child').filter({ hasText: 'Avery Testwood' });
    const blakeRow = panel.getByTestId('reunify-child').filter({ hasText: 'Blake Samplefield' });
    await expect(averyRow).toContainText('Allowed: send a runner');
    // refused with the rule's words, and no action offered for Blake
    await expect(blakeRow.getByTestId('refusal')).toHaveText(PICKUP_MESSAGES.restricted);
    await expect(blakeRow.getByRole('button')).toHaveCount(0);
    await desk.screenshot({ path: `${SHOTS}/reunify-station-1366.png` });

    // the runner: sent with the roster's location, arrived, then the release with the adult's photo
    await averyRow.getByRole('button', { name: 'Send runner' }).click();
    await desk.getByRole('tab', { name: /Runner queue/ }).click();
    const runner = desk.getByTestId('runner-row').filter({ hasText: 'Avery Testwood' });
    await expect(runner).toContainText('Where: Grade 10 · not marked yet');
    await desk.screenshot({ path: `${SHOTS}/reunify-runners-1366.png` });
    await runner.getByRole('button', { name: 'Arrived' }).click();
    await desk.getByRole('tab', { name: /Adults/ }).click();
    await averyRow.getByRole('button', { name: 'Release' }).click();
    const photo = desk.getByRole('dialog', { name: 'Picture Verification' });
    await expect(photo.getByRole('button', { name: 'Take picture' })).toBeEnabled({ timeout: 15_000 });
    await photo.getByRole('button', { name: 'Take picture' }).click();
    await expect(photo.getByTestId('captured-photo')).toBeVisible();
    await photo.getByRole('button', { name: 'Release' }).click();
    await expect(desk.getByText('Released. The child has left the roster.')).toBeVisible();
    await expect(averyRow).toContainText('Released');
    await expect(desk.getByTestId('count-reunified')).toContainText('1');
    await desk.screenshot({ path: `${SHOTS}/reunify-released-1366.png` });
    await desk.setViewportSize({ width: 1024, height: 768 });
    await desk.screenshot({ path: `${SHOTS}/reunify-released-1024.png` });

    // the district administrator's view follows
    await admin.goto('/reunification');
    await expect(admin.getByTestId('count-reunified')).toContainText('1');
  } finally {
    await endAll(admin);
    if (rule) {
      const listed = await api.get(`/api/students/${rule.studentId}/authorizations`);
      const rows = (listed.rules ?? listed.data ?? listed) as { id: number; version: number }[];
      const mine = rows.find((r) => r.id === rule?.ruleId);
      if (mine)
        await api.post(`/api/students/${rule.studentId}/authorizations/${rule.ruleId}/revoke`, {
          version: mine.version,
        });
    }
  }
});
