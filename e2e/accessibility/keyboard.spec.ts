import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@sv/contracts';
import { apiOf } from '../desk/desk-api';
import { expect, loginAs, test } from '../fixtures';

/**
 * Keyboard only (issue 29 §3, WCAG 2.1.1 Keyboard, 2.4.3 Focus Order, 2.4.7 Focus Visible): the
 * desk's flows done with Tab, Shift+Tab, arrows, Enter, Space and typing — no click, no `fill`, no
 * `focus()`. Each control is reached by pressing Tab from where the previous step left the focus
 * (`tabTo` fails when it is not reached within its limit), and a button or link that takes the
 * focus shows it (an outline or a ring).
 */
test.use({ viewport: { width: 1366, height: 800 } });
test.describe.configure({ timeout: 120_000 });

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const focused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses Tab until `target` (or something inside it) has the focus; its focus must be visible. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i++) {
    if (await focused(target)) {
      const shown = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !['BUTTON', 'A'].includes(el.tagName)) return true;
        const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none';
      });
      expect(shown, 'the focused button or link shows its focus').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

/** Opens a select with the keyboard and takes its first option. */
async function chooseFirstOption(page: Page, select: Locator) {
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(select).not.toHaveValue('');
}

/** The check-in screen to the success screen: person visiting, reason, Check In, the photo. */
async function checkInByKeyboard(page: Page) {
  await expect(page).toHaveURL(/\/visitor\/checkin\/\d+$/);
  await tabTo(page, page.getByRole('combobox', { name: 'Person visiting' }));
  await page.keyboard.type('Ms. Ortiz, Room 12');
  await page.keyboard.press('Escape');
  const reason = page.getByRole('combobox', { name: 'Reason for the visit' });
  await expect(reason).toBeEnabled();
  await chooseFirstOption(page, reason);
  await tabTo(page, page.getByRole('button', { name: 'Check In' }));
  await page.keyboard.press('Enter');
  const photo = page.getByRole('dialog', { name: /Picture/ });
  await expect(photo.or(page.getByTestId('badge-card'))).toBeVisible();
  if (await photo.isVisible()) {
    const take = photo.getByRole('button', { name: 'Take picture' });
    await expect(take).toBeEnabled();
    await tabTo(page, take);
    await page.keyboard.press('Enter');
    await expect(photo.getByTestId('captured-photo')).toBeVisible();
    await tabTo(page, photo.getByRole('button', { name: 'Save photo' }));
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/visitor\/in\/visit\/\d+$/);
  await expect(page.getByTestId('badge-card')).toContainText('Ms. Ortiz, Room 12');
}

/** From the screening page with nothing found: Allow Entry. */
async function allowByKeyboard(page: Page) {
  await expect(page).toHaveURL(/\/background\/visitor\/\d+$/);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'clear');
  await tabTo(page, page.getByRole('button', { name: 'Allow Entry' }));
  await page.keyboard.press('Enter');
}

test('a new visitor: the record, the screening and the check-in with the keyboard only', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/');
  await tabTo(page, page.getByTestId('desk-button-visitor'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/visitor\/verify\/0$/);
  await expect(page.getByRole('heading', { name: 'New Visitor' })).toBeVisible();

  const first = cap(letters());
  const last = `Keys${letters()}`;
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await tabTo(page, firstName);
  await page.keyboard.type(first);
  await tabTo(page, page.getByRole('textbox', { name: 'Last name' }));
  await page.keyboard.type(last);
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await tabTo(page, dob);
  await page.keyboard.type('04121988');
  await expect(dob).toHaveValue('04/12/1988');
  await expect(firstName).toHaveValue(first);
  await tabTo(page, page.getByRole('button', { name: 'Save and screen' }));
  await page.keyboard.press('Enter');

  await allowByKeyboard(page);
  await checkInByKeyboard(page);
  await expect(page.getByRole('status').getByText(`${first} ${last} is checked in.`)).toBeVisible();
});

test('a returning visitor: the header search, the record, the screening and the check-in with the keyboard only', async ({
  page,
}) => {
  await loginAs(page, 'deskNorthHigh');
  const session = await (await page.request.get('/api/auth/session')).json();
  const last = `Again${letters()}`;
  const created = await page.request.post('/api/visitors', {
    data: { firstname: 'Robin', lastname: last, dob: '1979-02-03', buildingId: session.user.buildingId },
    headers: { 'x-csrf-token': session.csrfToken, 'idempotency-key': crypto.randomUUID() },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto('/');

  await tabTo(page, page.getByRole('search', { name: 'Search visitors' }).getByRole('textbox'));
  await page.keyboard.type(`robin ${last}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Visitors matching “robin ${last}”` })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: `Open Robin ${last}` }));
  await page.keyboard.press('Enter');

  await allowByKeyboard(page);
  await checkInByKeyboard(page);
  await expect(page.getByRole('status').getByText(`Robin ${last} is checked in.`)).toBeVisible();
});

test('the public registration form, filled in and sent with the keyboard only', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: `Tutors ${stamp}`,
    code: `tutors-${stamp}`,
    language: 'en',
  });
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const p = await visitor.newPage();
  try {
    await p.goto(`/register/${api.user.clientId}/tutors-${stamp}`);
    await expect(p.getByRole('heading', { name: `Tutors ${stamp} registration`, level: 1 })).toBeVisible();
    const typeInto = async (name: string, text: string) => {
      await tabTo(p, p.getByRole('textbox', { name, exact: true }));
      await p.keyboard.type(text);
    };
    await typeInto('First name', 'Nadia');
    await typeInto('Last name', `Tabbed${letters()}`);
    await typeInto('Date of birth', '05061983');
    await expect(p.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('05/06/1983');
    await typeInto('Street address', '7 Birch Rd');
    await typeInto('City', 'Peoria');
    // a native select: typing a state's name picks it
    const state = p.getByRole('combobox', { name: 'State' });
    await tabTo(p, state);
    await p.keyboard.type('Illinois');
    await expect(state).toHaveValue('IL');
    await typeInto('ZIP code', '61602');
    await typeInto('Email', `nadia.${stamp}@example.test`);
    await typeInto('Phone', '309-555-0142');
    const agree = p.getByRole('checkbox', { name: /I have read the disclosure/ });
    await tabTo(p, agree);
    await p.keyboard.press('Space');
    await expect(agree).toBeChecked();
    await typeInto('Type your full name as your signature', 'Nadia Tabbed');
    await tabTo(p, p.getByRole('button', { name: 'Submit registration' }));
    await p.keyboard.press('Enter');
    await expect(p.getByRole('heading', { name: 'Thank you! Your registration was received.' })).toBeVisible();
    await expect(p.getByTestId('registration-reference')).toHaveText(/^R-\d+$/);
  } finally {
    await visitor.close();
  }
});

test('a visitor signs in at the kiosk with the keyboard only', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const last = `Keyed${letters()}`;
  await loginAs(page, 'kioskNorthHigh');
  await tabTo(page, page.getByTestId('kiosk-button-visitor'));
  await page.keyboard.press('Enter');
  const typeInto = async (name: string | RegExp, text: string) => {
    await tabTo(page, page.getByRole('textbox', { name }));
    await page.keyboard.type(text);
  };
  await typeInto('First name', 'Kai');
  await typeInto('Last name', last);
  await typeInto(/^Date of birth/, '08091990');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('About your visit')).toBeVisible();
  await typeInto('Reason for your visit', 'Meeting');
  await tabTo(page, page.getByRole('combobox', { name: 'Who are you visiting?' }));
  await page.keyboard.type('Ms Rivera');
  await page.keyboard.press('Escape');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled();
  await tabTo(page, take);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Use this photo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('kiosk-thank-you')).toBeVisible({ timeout: 15_000 });

  // the desk dismisses the card the sign-in left, so later tests on this server find the list as before
  const deskCtx = await browser.newContext({ baseURL });
  try {
    const desk = await deskCtx.newPage();
    await loginAs(desk, 'deskNorthHigh');
    const api = await apiOf(desk);
    const cards = (await api.get(`/api/buildings/${api.user.buildingId}/preregistrations`)) as {
      data: { id: number; lastname: string }[];
    };
    const card = cards.data.find((c) => c.lastname === last);
    expect(card, 'the sign-in is on the desk as a card').toBeDefined();
    await api.post(`/api/preregistrations/${card!.id}/close`, {});
  } finally {
    await deskCtx.close();
  }
});

test('an attendant records a student pickup with the keyboard only', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/');
  await tabTo(page, page.getByTestId('desk-button-pickup'));
  await page.keyboard.press('Enter');
  const lookup = page.getByRole('dialog', { name: 'Student pickup' });
  await tabTo(page, lookup.getByLabel('Name or Student ID'));
  await page.keyboard.type('100234');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/student\/pickupSIS\/\d+$/);
  await tabTo(page, page.getByRole('button', { name: 'Pick up Avery Testwood with Jordan Testwood' }));
  await page.keyboard.press('Enter');
  const photo = page.getByRole('dialog', { name: 'Picture Verification' });
  await expect(photo).toBeVisible();
  await chooseFirstOption(page, photo.getByRole('combobox', { name: 'Reason' }));
  const take = photo.getByRole('button', { name: 'Take picture' });
  await expect(take).toBeEnabled();
  await tabTo(page, take);
  await page.keyboard.press('Enter');
  await expect(photo.getByTestId('captured-photo')).toBeVisible();
  const known = photo.getByRole('radio', { name: 'I know this person: they match what is on file' });
  await tabTo(page, known);
  await page.keyboard.press('Space');
  await expect(known).toBeChecked();
  await tabTo(page, photo.getByRole('button', { name: 'Record pickup' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.pickupRecorded)).toBeVisible();

  // the pickup released Avery for the day; a drop-off after it puts them back on the building's
  // roster, so the later specs of this worker (the emergency roster, reunification) find the demo
  // school as it was
  const api = await apiOf(page);
  const avery = (await api.post('/api/students/search', { buildingId: api.buildingId, text: '100234' })).data[0];
  const reasons = await api.get('/api/student-reasons?kind=dropoff');
  await api.post(`/api/students/${avery.id}/dropoffs`, { buildingId: api.buildingId, reasonId: reasons.data[0].id });
});
