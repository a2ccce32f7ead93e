import type { Page } from '@playwright/test';
import { MESSAGES } from '@sv/contracts';
import { apiOf } from '../desk/desk-api';
import { chooseLanguage, expect, expectAccessible, loginAs, test } from '../fixtures';
import { waitForMail } from '../mail';

/**
 * Nearby visitors (issue 13 "Nearby visitors"; spec 002 §2 Dashboard, §3 Nearby log, §4 Nearby
 * visitor, §8 removeNearbyConfirm; ADR 0016): a registered volunteer approved with e-mail gets the
 * personal arrival link; on a 375×740 phone with a faked position inside North High's radius
 * (demo seed: 42.1448, -87.8327, 250 m) they tap "I'm arriving"; the desk's open dashboard shows
 * the nearby card live; the attendant removes it after the verbatim confirmation; the Nearby
 * Visitor Log shows the entry, marked removed. Screenshots go to test-results/logs.
 */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/logs/${name}.png`, fullPage: true });

test('a volunteer arriving on a phone becomes a nearby visitor on the desk dashboard, removed, then in the log', async ({
  page,
  browser,
}) => {
  // three browser contexts, an e-mail round trip and a live event on a shared 2-core machine
  test.setTimeout(180_000);
  // --- the district administrator registers and approves a volunteer (the e-mail carries the link)
  await loginAs(page, 'clientAdminNorth');
  const admin = await apiOf(page);
  const { types } = await admin.get('/api/registrations/types');
  const type = (types as { id: number; name: string; isActive: boolean }[]).find(
    (x) => x.name === 'Volunteer' && x.isActive,
  )!;
  const person = { first: cap(letters()), last: cap(letters()) };
  const email = `${person.first}.${person.last}@nearby.example.test`.toLowerCase();
  const reg = await admin.post('/api/registrations', {
    registrationTypeId: type.id,
    firstname: person.first,
    lastname: person.last,
    email,
    phone: '',
    dob: '1983-03-03',
    approved: null,
  });
  await admin.post('/api/registrations/approve', { ids: [reg.id], doPrintOrEmail: true });
  const mail = await waitForMail((m) => m.to.includes(email));
  const link = /https?:\/\/\S+\/arrive\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  const name = `${person.first} ${person.last}`;

  // --- the desk's dashboard is open before the volunteer arrives
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await loginAs(desk, 'deskNorthHigh');
  await desk.goto('/');
  const nearbyList = desk.getByTestId('nearby-list');
  await expect(nearbyList.getByRole('heading', { name: 'Nearby visitors' })).toBeVisible();

  // --- the volunteer's phone, 40 m from North High
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 42.1444, longitude: -87.8328, accuracy: 15 },
    permissions: ['geolocation'],
  });
  const mobile = await phone.newPage();
  await mobile.goto(`/arrive/${link![1]}`);
  await expect(mobile.getByRole('heading', { name: "I'm arriving" })).toBeVisible();
  const arriveButton = mobile.getByRole('button', { name: "I'm arriving" });
  await expect(arriveButton).toBeDisabled();
  // the page in Spanish, as the registration forms (ADR 0017), and back
  await chooseLanguage(mobile, 'Español');
  await expect(mobile.getByRole('heading', { name: 'Estoy llegando' })).toBeVisible();
  await expect(mobile.getByText('Acepto compartir mi posición actual para esta llegada.')).toBeVisible();
  await chooseLanguage(mobile, 'English');
  await mobile.getByRole('checkbox', { name: 'I agree to share my current position for this arrival.' }).check();
  await expectAccessible(mobile);
  await shot(mobile, 'nearby-arrive-phone');
  const posted = mobile.waitForRequest((r) => r.url().endsWith('/api/public/arrivals') && r.method() === 'POST');
  await arriveButton.click();
  const request = await posted;
  expect(request.postDataJSON()).toMatchObject({ token: link![1], latitude: 42.1444, longitude: -87.8328 });
  await expect(mobile.getByTestId('arrive-result')).toContainText(
    'Thank you. The front desk at North High School knows you are arriving.',
  );
  // nothing of the arrival is kept in the phone's browser storage
  expect(await mobile.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await shot(mobile, 'nearby-arrived-phone');

  // --- live on the desk: the card appears without a reload
  const card = nearbyList.getByTestId('nearby-card').filter({ hasText: name });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card).toContainText('Volunteer');
  await expect(card).toContainText(/\d+ m away/);
  await expectAccessible(desk);
  await shot(desk, 'nearby-dashboard');

  // --- remove with the spec's confirmation
  await card.getByRole('button', { name: `Remove ${name} from nearby visitors` }).click();
  const dialog = desk.getByRole('dialog', { name: 'Remove nearby visitor' });
  await expect(dialog.getByTestId('confirm-message')).toHaveText(MESSAGES.removeNearbyConfirm);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  // --- the Nearby Visitor Log shows the entry (visitor, building, entered, left), marked removed
  await desk.goto('/NearbyLog/');
  await expect(desk.getByRole('heading', { name: 'Nearby Visitor Log' })).toBeVisible();
  await expect(desk.getByLabel('Attendant')).toHaveCount(0);
  const row = desk.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('North High School');
  await expect(row).toContainText('Removed');
  await expectAccessible(desk);
  await shot(desk, 'nearby-log');

  await phone.close();
  await deskContext.close();
});
