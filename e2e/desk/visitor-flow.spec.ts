import fs from 'node:fs';
import type { APIResponse, Browser, Page } from '@playwright/test';
import { buildAamvaPayload } from '@sv/domain';
import { startFakePrinter } from '../../apps/server/src/test/peers/fake-printer';
import { animationsSettled, eventStreamOpened, expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * The front-desk visitor flow (spec 002 §2–§5, §7–§9): licence scan → visitor record → screening
 * with the allow/deny decision → check-in with a photo → badge (network printer or PDF) →
 * success screens → check-out. Screenshots of each screen go to /tmp/shots/flow-*.png.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const SHOTS = '/tmp/shots';
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function apiOf(page: Page) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const headers = { 'x-csrf-token': session.csrfToken as string };
  return {
    user: session.user as { clientId: number | null; buildingId: number | null },
    get: (url: string) => page.request.get(url).then(ok),
    // every create takes an Idempotency-Key (issue 23 §4): a fresh one per call
    post: (url: string, data: unknown) =>
      page.request.post(url, { data, headers: { ...headers, 'idempotency-key': crypto.randomUUID() } }).then(ok),
    put: (url: string, data: unknown) => page.request.put(url, { data, headers }).then(ok),
    patch: (url: string, data: unknown) => page.request.patch(url, { data, headers }).then(ok),
  };
}
type Api = Awaited<ReturnType<typeof apiOf>>;

/** Types text as a keyboard-wedge scanner does: LF as Ctrl+J, CR as Ctrl+M, other control characters dropped. */
async function scanKeys(page: Page, text: string) {
  for (const ch of text) {
    if (ch === '\n') await page.keyboard.press('Control+J');
    else if (ch === '\r') await page.keyboard.press('Control+M');
    else if (ch >= ' ' && ch <= '~') await page.keyboard.type(ch);
  }
}

/** Full-page screenshots at desk and phone widths (issue: LOOK at them). */
async function shots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/flow-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // the shell re-lays out for the phone width (its drawer and header transitions) before the shot
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/flow-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The AAMVA sample licence person (public test fixture), planted in the demo registry. */
const ROBERT = {
  firstName: 'ROBERT',
  middleName: 'LOWNEY',
  lastName: 'SMITH',
  dateOfBirth: '1977-07-07',
  sex: 'M' as const,
  heightInches: 72,
  street1: '123 MAIN STREET',
  city: 'BOSTON',
  state: 'MA',
  postalCode: '021080000',
  licenseNumber: 'S65807412',
  issueDate: '2016-06-29',
  expirationDate: '2030-07-07',
};

let northHighId = 0;
let northClientId = 0;
let robertId = 0;

async function adminApi(browser: Browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await loginAs(page, 'admin');
  return { ctx, api: await apiOf(page) };
}

/** The building's editable fields with new printer addresses (PUT takes the whole building). */
async function setPrinter(api: Api, buildingId: number, address: string) {
  const row = await api.get(`/api/buildings/${buildingId}`);
  const { id: _i, clientName: _c, ...fields } = row;
  await api.put(`/api/buildings/${buildingId}`, { ...fields, printerIpAddress: address, visitorPrinterIpAddress: '' });
}

async function setSuccessDelay(api: Api, clientId: number, seconds: number) {
  const url = `/api/clients/${clientId}/settings`;
  const { clientId: _c, clientName: _n, hasSisClientSecret: _h, ...saved } = await api.get(url);
  // issue 23 §4: settings are PATCH, with the version just read
  await api.patch(url, { ...saved, successScreenDelay: seconds });
}

test.beforeAll(async ({ browser }) => {
  const { ctx, api } = await adminApi(browser);
  try {
    const lookup = await api.get('/api/buildings/lookup');
    const nh = lookup.data.find((b: { name: string }) => b.name === 'North High School');
    northHighId = nh.id;
    northClientId = nh.clientId;
    // a district-wide exclusion on a "Robert Smith" born another day: a potential match by first and last name
    await api.post('/api/exclusions', {
      clientId: northClientId,
      isGlobal: true,
      buildingId: null,
      active: true,
      firstname: 'Robert',
      lastname: 'Smith',
      dob: '1961-02-03',
      exclusionType: 'Trespassed',
      reason: 'Trespass notice (e2e)',
    });
    // no automatic return while the success screens are examined
    await setSuccessDelay(api, northClientId, 0);
  } finally {
    await ctx.close();
  }
});

test('attendant: licence scan → prefilled record → screening explains the matches → Deny notifies security', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/');
  await page.getByRole('button', { name: 'SAFEVISITOR ID BADGE CHECK IN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check in: scan a badge or licence' });
  await expect(dialog.getByTestId('scan-area')).toBeFocused();
  const payload = buildAamvaPayload(ROBERT, { separators: true });
  await scanKeys(page, payload);

  // the licence travels in navigation state, never in the URL
  await expect(page).toHaveURL(/\/verify\/license\/0$/);
  expect(page.url()).not.toMatch(/ROBERT|SMITH|1977/i);
  await expect(page.getByText('Filled in from the scanned licence')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('ROBERT');
  await expect(page.getByRole('textbox', { name: 'Middle name' })).toHaveValue('LOWNEY');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('SMITH');
  await expect(page.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('07/07/1977');
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('02108');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('BOSTON');
  await expect(page.getByRole('textbox', { name: 'Licence number' })).toHaveValue('S65807412');
  // nothing of the licence was written to browser storage
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toMatch(/ROBERT|SMITH|S65807412/i);
  await expectAccessible(page);
  await shots(page, 'record-license');

  await page.getByRole('button', { name: 'Save and screen' }).click();
  await expect(page).toHaveURL(/\/background\/license\/\d+$/);
  robertId = Number(page.url().split('/').pop());
  const verdict = page.getByTestId('verdict');
  // an exact very strong registry hit is said apart from a namesake (audit 002 §3.3)
  await expect(verdict).toHaveAttribute('data-verdict', 'review-strong');
  await expect(verdict.getByText(/^Strong registry match: .+ \(Exact Very Strong\)$/)).toBeVisible();

  // the registry hit: its confidence level and why it matched
  const registry = page.locator('[data-testid="screening-match"][data-kind="registry"]').first();
  await expect(registry.getByTestId('match-level')).toHaveText('Exact Very Strong');
  await expect(registry.getByTestId('match-reasons').getByRole('listitem').first()).toBeVisible();
  // the exclusion potential match, with its reasons
  const potential = page.locator('[data-testid="screening-match"][data-kind="potential"]').first();
  await expect(potential).toContainText('Trespassed');
  await expect(potential.getByTestId('match-reasons').getByRole('listitem').first()).toBeVisible();
  // entry cannot be allowed while matches are open
  await expect(page.getByRole('button', { name: 'Allow Entry' })).toBeDisabled();
  await expect(page.getByTestId('allow-hint')).toContainText('open matches');
  // an attendant gets plain 'Deny'
  await expect(page.getByRole('button', { name: 'Deny', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deny & Add Exclusion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notify Security' })).toBeEnabled();
  await expectAccessible(page);
  await shots(page, 'screening-review');

  const denial = page.waitForRequest((r) => r.url().endsWith(`/api/visitors/${robertId}/denials`));
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  const body = (await denial).postDataJSON();
  expect(body).toMatchObject({ buildingId: expect.any(Number), potentialCount: 1, exclusionCount: 0, level: 3 });
  expect(body.watchdogCount).toBeGreaterThanOrEqual(1);
  const result = page.getByTestId('deny-result');
  await expect(result).toContainText('Security has been notified of this user on the premises.');
  // the decision is taken: no more clearing
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'denied');
  await expect(page.getByRole('button', { name: /Not this person/ })).toHaveCount(0);
  // no add-exclusion for an attendant
  await expect(page.getByRole('dialog', { name: 'Add Exclusion' })).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, 'screening-denied');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('admin: the same visitor → Deny & Add Exclusion → the prefilled exclusion links the visitor', async ({ page }) => {
  expect(robertId).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto(`/background/visitor/${robertId}`);
  // an admin picks the building at the desk
  const building = page.getByRole('combobox', { name: 'Building' });
  await building.click();
  await page.getByRole('option', { name: 'North High School' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'review-strong');
  const denyAndAdd = page.getByRole('button', { name: 'Deny & Add Exclusion' });
  await expect(denyAndAdd).toBeVisible();
  await denyAndAdd.click();
  const modal = page.getByRole('dialog', { name: 'Add Exclusion' });
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('deny-result')).toContainText(
    'Security has been notified of this user on the premises.',
  );
  await expect(modal.getByRole('textbox', { name: 'First name' })).toHaveValue('ROBERT');
  await expect(modal.getByRole('textbox', { name: 'Last name' })).toHaveValue('SMITH');
  await expect(modal.getByText('Linked to this visitor')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Trespassed' }).click();
  await modal.getByRole('textbox', { name: 'Reason' }).fill('Denied at the North High front desk');
  await expectAccessible(page);
  await shots(page, 'add-exclusion');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/exclusions') && r.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Save' }).click();
  const exclusion = (await (await saved).json()).exclusion;
  expect(exclusion).toMatchObject({ visitorId: robertId, firstname: 'ROBERT', lastname: 'SMITH', dob: '1977-07-07' });
  await expect(page).toHaveURL(/\/$/);

  // the exclusion is on the list
  await page.goto('/exclusion');
  const row = page.getByRole('row', { name: /SMITH, ROBERT 07\/07\/1977 Trespassed Global/ });
  await expect(row).toBeVisible();

  // screening now shows a linked exclusion: entry is blocked and the button is plain 'Deny'
  await page.goto(`/background/visitor/${robertId}`);
  await page.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: 'North High School' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'blocked');
  await expect(page.getByTestId('verdict-title')).toHaveText('Entry blocked: on the exclusion list');
  await expect(page.locator('[data-testid="screening-match"][data-kind="direct"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Allow Entry' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Deny', exact: true })).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'screening-blocked');
});

test('a parent wrongly flagged on a common name is cleared with a note and stays cleared', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'deskNorthHigh');
  const api = await apiOf(page);
  // same first and last name as the demo exclusion 'Fakey McFakerson', another date of birth
  const parent = await api.post('/api/visitors', {
    firstname: 'Fakey',
    lastname: 'McFakerson',
    dob: '1990-05-05',
    buildingId: api.user.buildingId,
  });
  await page.goto(`/background/visitor/${parent.id}`);
  const card = page.locator('[data-testid="screening-match"][data-kind="potential"]').first();
  await expect(card).toHaveAttribute('data-cleared', 'false');
  await expect(card.getByTestId('match-reasons')).toContainText(/first.*last name|name/i);
  await card.getByRole('button', { name: /Not this person — clear/ }).click();
  const modal = page.getByRole('dialog', { name: 'Clear this match' });
  await modal.getByRole('textbox', { name: 'Note (how you know)' }).fill('Different date of birth on the ID');
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Clear match' }).click();
  await expect(card).toHaveAttribute('data-cleared', 'true');
  await expect(card.getByText('Cleared: not this person')).toBeVisible();
  // a new screening (a later visit) still shows it cleared
  await page.reload();
  await expect(page.locator('[data-testid="screening-match"][data-kind="potential"]').first()).toHaveAttribute(
    'data-cleared',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Allow Entry' })).toBeEnabled();
  // not "No matches": the verdict says a match was cleared, the card who cleared it and when (audit 002 B8)
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear-after-clearing');
  await expect(page.getByTestId('verdict')).toContainText('No open matches: 1 match was cleared earlier');
  await expect(page.getByTestId('match-cleared-by').first()).toHaveText(
    /^Cleared by .+ on \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M$/,
  );
  // the record's photo box beside the visitor's (audit 002 B7)
  await expect(page.locator('[data-testid="screening-match"]').first().getByTestId('match-photo')).toHaveCount(2);
  await shots(page, 'screening-cleared');
});

test('a clean visitor: record with date and zip masks → allow → photo → network badge, then PDF badge → live dashboard → check-out', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const printer = await startFakePrinter();
  const { ctx: adminCtx, api: admin } = await adminApi(browser);
  const watcherCtx = await browser.newContext();
  try {
    await setPrinter(admin, northHighId, printer.address);
    await loginAs(page, 'deskNorthHigh');

    // the visitor record, typed in
    await page.goto('/visitor/verify/0');
    await expect(page.getByRole('heading', { name: 'New Visitor' })).toBeVisible();
    const first = cap(letters());
    const last = `Clean${letters()}`;
    await page.getByRole('textbox', { name: 'First name' }).fill(first);
    await page.getByRole('textbox', { name: 'Last name' }).fill(last);
    const dob = page.getByRole('textbox', { name: 'Date of birth' });
    // a future date clears the field and blocks saving (spec 002 §5)
    await dob.pressSequentially('12312099');
    await expect(dob).toHaveValue('');
    await expect(page.getByText('The date of birth must be before today.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save and screen' })).toBeDisabled();
    // a complete date that does not exist is said to be no such day (audit 002 B11)
    await dob.pressSequentially('02301990');
    await expect(page.getByText('There is no such day: check the month and the day.')).toBeVisible();
    await dob.fill('');
    await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('04121988');
    await expect(page.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('04/12/1988');
    await expect(page.getByRole('textbox', { name: 'Age' })).toHaveValue(/^\d+ years$/);
    const zip = page.getByRole('textbox', { name: 'Zip code' });
    await zip.pressSequentially('6a0062-1234');
    await expect(zip).toHaveValue('60062');
    await page.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'Illinois (IL)' }).click();
    await expectAccessible(page);
    await shots(page, 'record-new');
    await page.getByRole('button', { name: 'Save and screen' }).click();

    // nothing matches: entry can be allowed
    await expect(page).toHaveURL(/\/background\/visitor\/\d+$/);
    const cleanId = Number(page.url().split('/').pop());
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear');
    await expect(page.getByTestId('verdict-title')).toHaveText('No matches: entry can be allowed');
    await expectAccessible(page);
    await shots(page, 'screening-clear');
    await page.getByRole('button', { name: 'Allow Entry' }).click();

    // check-in
    await expect(page).toHaveURL(new RegExp(`/visitor/checkin/${cleanId}$`));
    await page.getByRole('combobox', { name: 'Person visiting' }).fill('Ms. Ortiz, Room 12');
    // the demo districts have visit reasons, so the reason is a select of them
    const reason = page.getByRole('combobox', { name: 'Reason for the visit' });
    await expect(reason).toBeEnabled();
    await reason.click();
    await page.getByRole('option').first().click();
    await expectAccessible(page);
    await shots(page, 'checkin');

    // a second desk (client admin) watches the dashboard
    const watcher = await watcherCtx.newPage();
    await loginAs(watcher, 'clientAdminNorth');
    // North High's live stream opens now (a remembered building) or once it is picked below
    const streamOpen = eventStreamOpened(watcher, northHighId);
    await watcher.goto('/');
    const filter = watcher.getByRole('combobox', { name: 'Building' });
    await expect(filter).not.toHaveValue('');
    if ((await filter.inputValue()) !== 'North High School') {
      await filter.click();
      await watcher.getByRole('option', { name: 'North High School' }).click();
    }
    await expect(filter).toHaveValue('North High School');
    const current = watcher.getByTestId('current-visits');
    await expect(current.getByRole('heading', { name: 'Current visits' })).toBeVisible();
    // the check-in below is published once the watcher's event stream is open
    await streamOpen;

    await page.getByRole('button', { name: 'Check In' }).click();
    const photo = page.getByRole('dialog', { name: 'Picture Verification' });
    await expect(photo).toBeVisible();
    // saving without the required photo asks for a re-take
    await photo.getByRole('button', { name: 'Save photo' }).click();
    const retake = page.getByRole('dialog', { name: 'Picture Re-Take' });
    await expect(retake.getByText('A photo is required.')).toBeVisible();
    await expect(retake.getByRole('button', { name: 'Take picture' })).toBeEnabled();
    await expectAccessible(page);
    await shots(page, 'photo-modal');
    await retake.getByRole('button', { name: 'Take picture' }).click();
    await expect(retake.getByTestId('captured-photo')).toBeVisible();
    const upload = page.waitForResponse((r) => r.url().endsWith(`/api/visitors/${cleanId}/photo`));
    const checkIn = page.waitForRequest((r) => r.url().endsWith('/api/visits') && r.method() === 'POST');
    await retake.getByRole('button', { name: 'Save photo' }).click();
    const { photoFileId } = await (await upload).json();
    const sent = await checkIn;
    expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.postDataJSON()).toMatchObject({
      visitorId: cleanId,
      photoFileId,
      personVisiting: 'Ms. Ortiz, Room 12',
    });

    // success: the badge went to the network printer as ZPL
    await expect(page).toHaveURL(/\/visitor\/in\/visit\/\d+$/);
    const visitId = Number(page.url().split('/').pop());
    await expect(page.getByTestId('print-result')).toHaveText('The badge was sent to the printer.');
    await printer.waitForJobs(1);
    expect(printer.jobs[0]).toContain('^XA');
    await expect(page.getByRole('status').getByText(`${first} ${last} is checked in.`)).toBeVisible();
    await expect(page.getByTestId('badge-card')).toContainText('Ms. Ortiz, Room 12');
    // the other desk sees the visit within one second
    await expect(current.getByRole('article', { name: `${first} ${last}` })).toBeVisible({ timeout: 1000 });
    await expectAccessible(page);
    await shots(page, 'checked-in');

    // the badge screen reprints to the network printer
    await page.goto(`/visitor/badge/${cleanId}`);
    await expect(page.getByTestId('badge-card')).toContainText(`${first} ${last}`);
    await page.getByRole('button', { name: 'Reprint badge' }).click();
    await printer.waitForJobs(2);
    await expectAccessible(page);
    await shots(page, 'badge');

    // without a printer the badge opens in the browser print window as a PDF
    await setPrinter(admin, northHighId, '');
    const second = await api(page).then((a) =>
      a.post('/api/visitors', {
        firstname: cap(letters()),
        lastname: `Pdf${letters()}`,
        dob: '1979-09-19',
        buildingId: northHighId,
      }),
    );
    await page.goto(`/background/visitor/${second.id}`);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear');
    await page.getByRole('button', { name: 'Allow Entry' }).click();
    await page.getByRole('combobox', { name: 'Person visiting' }).fill('Front office');
    await page.getByRole('button', { name: 'Check In' }).click();
    const photo2 = page.getByRole('dialog', { name: 'Picture Verification' });
    await expect(photo2.getByRole('button', { name: 'Take picture' })).toBeEnabled();
    await photo2.getByRole('button', { name: 'Take picture' }).click();
    const popupPromise = page.waitForEvent('popup');
    await photo2.getByRole('button', { name: 'Save photo' }).click();
    const popup = await popupPromise;
    await expect(page).toHaveURL(/\/visitor\/in\/visit\/\d+$/);
    const pdfVisitId = Number(page.url().split('/').pop());
    expect(popup.url()).toMatch(new RegExp(`/Badge/print/${pdfVisitId}$`));
    // the print window frames the badge PDF (e2e/desk/badge-print.spec.ts: and prints it)
    await expect(popup.locator('iframe#badge')).toHaveAttribute('src', `/api/visits/${pdfVisitId}/badge.pdf`);
    const pdf = await page.request.get(`/api/visits/${pdfVisitId}/badge.pdf`);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();
    await expect(page.getByTestId('print-result')).toHaveText('The badge opened in the print window.');
    const badgeCode = (await page.getByTestId('badge-code').textContent())!.replace(/^Badge\s+/, '').trim();
    expect(printer.jobs).toHaveLength(2);

    // check-out by scanning the badge at the dashboard
    await page.goto('/');
    await page.getByRole('button', { name: 'CHECK OUT', exact: true }).click();
    const out = page.getByRole('dialog', { name: 'Check out: scan a badge or licence' });
    await expect(out.getByTestId('scan-area')).toBeFocused();
    await scanKeys(page, badgeCode);
    await expect(page).toHaveURL(/\/visitor\/out$/);
    await expect(page.getByRole('heading', { name: 'Checked Out' })).toBeVisible();
    const pdfVisit = await (await apiOf(page)).get(`/api/visits/${pdfVisitId}`);
    expect(pdfVisit.checkOut).not.toBeNull();

    // check-out from the visitor's check-out screen, then the success screen returns home by itself
    await setSuccessDelay(admin, northClientId, 2);
    await page.goto(`/visitor/checkout/${cleanId}`);
    await expect(page.getByText(`Check out ${first} ${last}?`)).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'checkout');
    await page.getByRole('button', { name: 'Check Out', exact: true }).click();
    await expect(page).toHaveURL(/\/visitor\/out$/);
    await expect(page.getByText(`${first} ${last} is checked out.`)).toBeVisible();
    await expect(page.getByTestId('countdown')).toContainText('Returning to the dashboard in');
    await expectAccessible(page);
    await shots(page, 'checked-out');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    const visit = await (await apiOf(page)).get(`/api/visits/${visitId}`);
    expect(visit.checkOut).not.toBeNull();
    await expect(current.getByRole('article', { name: `${first} ${last}` })).toHaveCount(0, { timeout: 2000 });
  } finally {
    await setPrinter(admin, northHighId, '').catch(() => undefined);
    await setSuccessDelay(admin, northClientId, 0).catch(() => undefined);
    await watcherCtx.close();
    await adminCtx.close();
    await printer.close();
  }
});

test('the check-in screen opened directly sends the visitor through screening first', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  const a = await apiOf(page);
  const v = await a.post('/api/visitors', {
    firstname: cap(letters()),
    lastname: `Direct${letters()}`,
    dob: '1984-03-03',
    buildingId: a.user.buildingId,
  });
  await page.goto(`/visitor/checkin/${v.id}`);
  await expect(page).toHaveURL(new RegExp(`/background/visitor/${v.id}$`));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear');
});

const api = (page: Page) => apiOf(page);

test('no date of birth: allowing asks to go on without the background check, not to clear issues (audit 002 B9)', async ({
  page,
}) => {
  await loginAs(page, 'deskNorthHigh');
  const a = await apiOf(page);
  const v = await a.post('/api/visitors', {
    firstname: cap(letters()),
    lastname: `Nodob${letters()}`,
    buildingId: a.user.buildingId,
  });
  await page.goto(`/background/visitor/${v.id}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-run');
  await page.getByRole('button', { name: 'Allow Entry' }).click();
  await expect(page.getByRole('dialog', { name: 'Allow entry without a background check?' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /clear the potential issues/ })).toHaveCount(0);
});
