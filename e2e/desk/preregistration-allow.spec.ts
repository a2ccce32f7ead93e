import { MESSAGES } from '@sv/contracts';
import { expect, expectAccessible, loginAs, test } from '../fixtures';
import { apiOf } from './desk-api';

/**
 * Issue 22, "the seams": a pre-registration card of a person on the exclusion list is flagged in
 * "Scheduled today" before they arrive; an ALLOW refused for want of the photo the building
 * requires leaves the exclusion match open; the card's ALLOW takes the photo and then admits.
 */

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Today's date in the demo buildings' zone, as the import file writes it (MM/DD/YYYY). */
function todayInChicago() {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const get = (type: string) => p.find((x) => x.type === type)!.value;
  return `${get('month')}/${get('day')}/${get('year')}`;
}

test('a flagged card; a failed ALLOW leaves the match open; the photo taken on the card lets ALLOW through', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = cap(letters());
  const name = `Riley ${tag}`;

  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const buildingId = desk.buildingId;

  // the district's administrator puts a namesake on the exclusion list (another date of birth)
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, 'clientAdminNorth');
  const admin = await apiOf(adminPage);
  await admin.post('/api/exclusions', {
    isGlobal: false,
    buildingId,
    firstname: 'Riley',
    lastname: tag,
    dob: '1961-01-01',
    exclusionType: 'Trespassed',
  });
  await adminContext.close();

  // the card is imported: screened before arrival and flagged in "Scheduled today"
  const imported = await page.request.post('/api/imports/preregistrations', {
    headers: { 'x-csrf-token': (await (await page.request.get('/api/auth/session')).json()).csrfToken },
    multipart: {
      buildingId: String(buildingId),
      file: {
        name: 'cards.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          ['First Name,Last Name,Date of Birth,Visit Date', `Riley,${tag},02/02/1972,${todayInChicago()}`].join('\n'),
        ),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  await page.goto('/');
  const flagged = page
    .getByTestId('scheduled-list')
    .getByRole('article', { name: `${name}: Possible exclusion match` });
  await expect(flagged).toBeVisible();
  await expect(flagged.getByTestId('card-flag')).toContainText('Possible exclusion match');
  await expect(flagged.getByTestId('card-flag')).toContainText(`Possible exclusion match: Riley ${tag}`);
  await expectAccessible(page);

  // the card becomes pending (ALLOW with nothing confirmed), then an ALLOW confirming the match but
  // without the photo the building requires is refused
  const list = await desk.get(`/api/buildings/${buildingId}/preregistrations`);
  const cardId = list.data.find((c: { lastname: string }) => c.lastname === tag).id as number;
  const allowViaApi = async (body: unknown) => {
    const csrf = (await (await page.request.get('/api/auth/session')).json()).csrfToken;
    return page.request.post(`/api/preregistrations/${cardId}/allow`, {
      data: body,
      headers: { 'x-csrf-token': csrf, 'idempotency-key': crypto.randomUUID() },
    });
  };
  expect((await allowViaApi({ confirmedRefs: [] })).status()).toBe(409);
  const pending = (await desk.get(`/api/buildings/${buildingId}/preregistrations`)).data.find(
    (c: { id: number }) => c.id === cardId,
  );
  expect(pending.status).toBe('pending');
  const refused = await allowViaApi({
    confirmedRefs: pending.issues.findings.map((f: { source: string; ref: string }) => ({
      source: f.source,
      ref: f.ref,
    })),
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('This building requires a photo to check in.');

  // the match is still open: the Allow / Deny Entry screen shows it undecided, not cleared
  await page.goto(`/background/visitor/${pending.visitorId}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'review');
  const match = page.getByTestId('screening-match').filter({ hasText: `Riley ${tag}` });
  await expect(match).toHaveAttribute('data-cleared', 'false');

  // ALLOW on the card: the photo is taken in the confirmation, then the visitor is checked in
  await page.goto('/');
  const card = page.getByTestId('pending-list').getByRole('article', { name });
  await card.getByRole('button', { name: `Allow ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: MESSAGES.allowConfirm });
  await expect(confirm.getByTestId('allow-photo')).toContainText('This building requires a photo to check in.');
  await expect(confirm.getByRole('button', { name: 'Allow and check in' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Take photo' }).click();
  const photo = page.getByRole('dialog', { name: /Picture/ });
  // enabled once the camera shows its first frame (useCamera's `ready`): a capture now has a picture
  await expect(photo.getByRole('button', { name: 'Take picture' })).toBeEnabled();
  await photo.getByRole('button', { name: 'Take picture' }).click();
  await expect(photo.getByTestId('captured-photo')).toBeVisible();
  await photo.getByRole('button', { name: 'Use this photo' }).click();
  await expect(confirm.getByTestId('allow-photo')).toContainText('Photo taken');
  const badgeWindow = page
    .context()
    .waitForEvent('page', { timeout: 5000 })
    .catch(() => null);
  await confirm.getByRole('button', { name: 'Allow and check in' }).click();
  await expect(page.getByText(`${name} is checked in.`)).toBeVisible();
  await (await badgeWindow)?.close();
  await expect(page.getByTestId('current-visits').getByRole('article', { name })).toBeVisible();
});
