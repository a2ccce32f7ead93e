import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';
import { type Api, apiOf } from './desk-api';

/**
 * Issue 28 §1: "Person visiting" picks a host at the desk's check-in (the host is told on arrival,
 * §4: the host's message is in the outbox) and at the kiosk's details step (the sign-in's card
 * names the host). Screenshots in /tmp/shots-host-picker/.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = '/tmp/shots-host-picker';
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

let admin: Api;
let adminClose: () => Promise<void>;
let northHighId = 0;
const tag = cap(letters());
const hostName = `Hana Picker${tag}`;
const hostEmail = `hana.picker.${tag.toLowerCase()}@example.test`;
let hostId = 0;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await loginAs(page, 'clientAdminNorth');
  admin = await apiOf(page);
  adminClose = () => ctx.close();
  const lookup = await admin.get('/api/buildings/lookup');
  const list = (lookup.data ?? lookup) as { id: number; name: string }[];
  northHighId = list.find((b) => b.name === 'North High School')!.id;
  hostId = (await admin.post('/api/hosts', { name: hostName, email: hostEmail, channel: 'email' })).id;
});
test.afterAll(async () => {
  await adminClose();
});

test('the desk picks the host at check-in, and the host is told', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const first = cap(letters());
  const last = `Hostpick${letters()}`;
  const visitor = await desk.post('/api/visitors', {
    firstname: first,
    lastname: last,
    dob: '1984-06-07',
    buildingId: northHighId,
  });
  // a badge without a building printer opens the print window: not what this test is about
  page.on('popup', (popup) => void popup.close());

  await page.goto(`/background/visitor/${visitor.id}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Allow Entry' }).click();
  const visiting = page.getByRole('combobox', { name: 'Person visiting' });
  await visiting.pressSequentially(`picker${tag.toLowerCase()}`);
  const option = page.getByRole('option', { name: hostName });
  await expect(option).toBeVisible();
  await shot(page, '01-checkin-picker-open-1366');
  await expectAccessible(page);
  await option.click();
  await expect(visiting).toHaveValue(hostName);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, '02-checkin-picked-1024');

  await page.getByRole('button', { name: 'Check In' }).click();
  const photo = page.getByRole('dialog', { name: 'Picture Verification' });
  // the demo buildings require a photo at check-in (spec 002 §4 photo modal; the fake camera)
  await expect(photo.getByRole('button', { name: 'Take picture' })).toBeEnabled();
  await photo.getByRole('button', { name: 'Take picture' }).click();
  await expect(photo.getByTestId('captured-photo')).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/visits') && r.method() === 'POST');
  await photo.getByRole('button', { name: 'Save photo' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ personVisiting: hostName, hostId });
  await expect(page).toHaveURL(/\/visitor\/in\/visit\/\d+$/);
  await expect(page.getByTestId('badge-card')).toContainText(hostName);

  // the host is told (issue 28 §4): their e-mail is in the outbox, naming the visitor
  await expect
    .poll(
      async () => {
        const box = await admin.get('/api/outbox?perPage=100&sort=createdAt&dir=desc');
        return (box.data as { kind: string; recipient: string; body: string }[])
          .filter((m) => m.kind === 'host.visitor_arrived' && m.recipient === hostEmail)
          .map((m) => m.body)
          .join('\n');
      },
      { timeout: 25_000 },
    )
    .toContain(`${first} ${last} has arrived at North High School to see you.`);
});

test("a visitor at the kiosk picks the host from the building's list", async ({ browser }) => {
  const kioskCtx = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const kiosk = await kioskCtx.newPage();
  const last = `Kioskpick${letters()}`;
  try {
    await loginAs(kiosk, 'kioskNorthHigh');
    await kiosk.getByTestId('kiosk-button-visitor').click();
    await kiosk.getByRole('textbox', { name: 'First name' }).fill('Robin');
    await kiosk.getByRole('textbox', { name: 'Last name' }).fill(last);
    await kiosk.getByRole('textbox', { name: /^Date of birth/ }).pressSequentially('03041985');
    await kiosk.getByRole('button', { name: 'Next' }).click();
    await expect(kiosk.getByText('About your visit')).toBeVisible();
    await kiosk.getByRole('textbox', { name: 'Reason for your visit' }).fill('Meeting');
    const visiting = kiosk.getByRole('combobox', { name: 'Who are you visiting?' });
    await visiting.pressSequentially(`Picker${tag}`);
    const option = kiosk.getByRole('option', { name: hostName });
    await expect(option).toBeVisible();
    await shot(kiosk, '03-kiosk-picker-open-1024');
    await expectAccessible(kiosk);
    await option.click();
    await expect(visiting).toHaveValue(hostName);
    await kiosk.getByRole('button', { name: 'Next' }).click();
    // the building's kiosk photo (the fake camera)
    const take = kiosk.getByRole('button', { name: 'Take photo' });
    await expect(take).toBeEnabled({ timeout: 15_000 });
    await take.click();
    await kiosk.getByRole('button', { name: 'Use this photo' }).click();
    await expect(kiosk.getByTestId('kiosk-thank-you')).toBeVisible({ timeout: 20_000 });
  } finally {
    await kioskCtx.close();
  }
  // the sign-in's card names the host: the desk's check-in from it tells that host
  const cards = await admin.get(`/api/buildings/${northHighId}/preregistrations`);
  const card = (cards.data as { lastname: string; hostId: number | null; visiting: string }[]).find(
    (c) => c.lastname === last,
  );
  expect(card).toMatchObject({ hostId, visiting: hostName });
});
