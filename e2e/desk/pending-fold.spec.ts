import { expect, loginAs, test } from '../fixtures';
import { apiOf } from './desk-api';

/**
 * Audit 002 desk usability 1c: at 1024×768 a pending pre-registration card's ALLOW and DENY are
 * on screen when the dashboard opens, without scrolling (and at 1366×800). Set SHOTS_DIR to save
 * a screenshot per size.
 */

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

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

test('a flagged pending card shows ALLOW and DENY without scrolling at 1024×768 and 1366×800', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = cap(letters());
  const name = `Jordan ${tag}`;
  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const buildingId = desk.buildingId;

  // a namesake on the exclusion list flags the card; an ALLOW with nothing confirmed makes it pending
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, 'clientAdminNorth');
  await (await apiOf(adminPage)).post('/api/exclusions', {
    isGlobal: false,
    buildingId,
    firstname: 'Jordan',
    lastname: tag,
    dob: '1960-03-03',
    exclusionType: 'Trespassed',
  });
  await adminContext.close();
  const csrf = async () => (await (await page.request.get('/api/auth/session')).json()).csrfToken as string;
  const imported = await page.request.post('/api/imports/preregistrations', {
    headers: { 'x-csrf-token': await csrf() },
    multipart: {
      buildingId: String(buildingId),
      file: {
        name: 'cards.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'First Name,Last Name,Date of Birth,Visit Date,Visiting,Reason',
            `Jordan,${tag},04/04/1975,${todayInChicago()},Front office,Parent conference about the spring schedule`,
          ].join('\n'),
        ),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  const list = await desk.get(`/api/buildings/${buildingId}/preregistrations`);
  const cardId = list.data.find((c: { lastname: string }) => c.lastname === tag).id as number;
  const allow = await page.request.post(`/api/preregistrations/${cardId}/allow`, {
    data: { confirmedRefs: [] },
    headers: { 'x-csrf-token': await csrf(), 'idempotency-key': crypto.randomUUID() },
  });
  expect(allow.status()).toBe(409);

  for (const size of [
    { width: 1024, height: 768 },
    { width: 1366, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    const card = page.getByTestId('pending-list').getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/pending-${size.width}.png`, fullPage: false });
    for (const button of [`Allow ${name}`, `Deny ${name}`]) {
      const box = await card.getByRole('button', { name: button }).boundingBox();
      expect(box, button).not.toBeNull();
      expect(box!.y, `${button} at ${size.width}×${size.height}`).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${button} at ${size.width}×${size.height}`).toBeLessThanOrEqual(size.height);
    }
  }
});

test('the visitor search list flags a person on the exclusion list (audit 002 desk §3.4)', async ({
  page,
  browser,
}) => {
  const tag = cap(letters());
  await loginAs(page, 'deskNorthHigh');
  const desk = await apiOf(page);
  const visitor = await desk.post('/api/visitors', {
    buildingId: desk.buildingId,
    firstname: 'Morgan',
    lastname: tag,
    dob: '1969-06-07',
  });
  await desk.post('/api/visitors', {
    buildingId: desk.buildingId,
    firstname: 'Morgan',
    lastname: tag,
    dob: '1990-01-02',
  });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, 'clientAdminNorth');
  await (await apiOf(adminPage)).post('/api/exclusions', {
    isGlobal: true,
    firstname: 'Morgan',
    lastname: tag,
    dob: '1969-06-07',
    exclusionType: 'Trespassed',
  });
  await adminContext.close();
  for (const size of [
    { width: 1366, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByTestId('visitor-search').fill(`Morgan ${tag}`);
    const excluded = page.getByRole('option', { name: /06\/07\/1969/ });
    await expect(excluded).toContainText('On exclusion list');
    await expect(page.getByRole('option', { name: /01\/02\/1990/ })).not.toContainText('On exclusion list');
    await expect(excluded).toBeInViewport();
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/search-excluded-${size.width}.png`, fullPage: false });
  }
  expect(visitor.id).toBeGreaterThan(0);
});
