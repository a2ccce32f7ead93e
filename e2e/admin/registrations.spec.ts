import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, LOGINS, loginAs, logoutFromShell, test } from '../fixtures';

const SHOTS = '/tmp/shots-regadmin';
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const table = (page: Page) => page.getByRole('table', { name: 'Registrations' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name }).first();
const openAction = async (page: Page, name: string, action: string) => {
  await rowOf(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: action, exact: true }).click();
};
const chooseStatus = async (page: Page, label: string) => {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  // the dropdown leaves with a transition: wait until it is gone (an empty listbox is an axe error)
  await expect(page.getByRole('listbox')).toHaveCount(0);
};

/** A small real PNG (1 × 1, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('a client admin reviews, approves, denies/excludes, adds, edits, uploads a photo and prints', async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const lastname = `Addedson${stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
  await loginAs(page, 'clientAdminNorth');
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  // spec 001 §9: default status Pending, sorted by name
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
  await expect(rowOf(page, 'Penny Pendingham')).toBeVisible();
  await expect(rowOf(page, 'Quinn Queueson')).toContainText('Background check: Background Check In Progress');
  // issue 23 §2: the demo district's checks come from the demo provider, and the screen says so
  await expect(rowOf(page, 'Quinn Queueson').getByTestId('bg-check-note')).toHaveText(
    'Demo provider: no real check was made',
  );
  await expect(rowOf(page, 'Penny Pendingham').getByTestId('bg-check-note')).toHaveCount(0);
  await expect(page.getByTestId('district-checks-notice')).toContainText(
    'This district uses the demo background-check provider: no real check is made.',
  );
  await expect(table(page).getByRole('row').filter({ hasText: 'Abby Approvesky' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'list');

  // filters: last name prefix (in the request body), then Clear search
  await page.getByRole('textbox', { name: 'Last name' }).fill('pend');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table(page).getByTestId('registration-name')).toHaveText(['Penny Pendingham']);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rowOf(page, 'Quinn Queueson')).toBeVisible();
  await chooseStatus(page, 'Approved');
  await expect(rowOf(page, 'Abby Approvesky')).toBeVisible();
  await chooseStatus(page, 'Pending');
  await page.getByRole('button', { name: 'Search help' }).click();
  await expect(page.getByTestId('search-help')).toContainText('First name and last name match from the beginning');

  // approve one with the default expiry the server computes (type: 12 months)
  await openAction(page, 'Penny Pendingham', 'Approve');
  const approve = page.getByRole('dialog', { name: 'Approve Penny Pendingham' });
  await expect(approve.getByRole('textbox', { name: 'Expiration date' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expectAccessible(page);
  await shot(page, 'approve-modal');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Registration approved.')).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: 'Penny Pendingham' })).toHaveCount(0);

  // deny and exclude: the §8 confirmation verbatim, then the exclusion is on the list
  await openAction(page, 'Quinn Queueson', 'Deny/Exclude');
  await expect(page.getByTestId('confirm-message')).toHaveText(
    'Are you sure you want to DENY the visitor registration request and add them to the EXCLUSION list?',
  );
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Registration denied and added to the exclusion list.')).toBeVisible();
  await page.goto('/exclusion');
  await expect(page.getByRole('table', { name: 'Exclusions' }).getByText('Queueson, Quinn')).toBeVisible();

  // add: a future date of birth is refused (cleared, saving blocked), then a valid one
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/registration\/add$/);
  // the type options may still be loading (and re-rendering) when the select first opens
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Registration type' }).click();
    await page.getByRole('option', { name: 'Volunteer', exact: true }).click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`ada.${stamp}@example.org`);
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await dob.fill('12/31/2099');
  await expect(dob).toHaveValue('');
  await expect(page.getByText('The date of birth must be before today.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Zip code' }).fill('60a0931234');
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('60093');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/registration\/add$/);
  await dob.fill('04/05/1981');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByText('Registration saved.')).toBeVisible();

  // §4: a new registration is approved by default
  await chooseStatus(page, 'Approved');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const name = `Ada ${lastname}`;
  await expect(rowOf(page, name)).toContainText('Approved');
  const idText = await rowOf(page, name)
    .getByText(/^ID \d+/)
    .textContent();
  const id = Number(/ID (\d+)/.exec(idText ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);

  // edit
  await openAction(page, name, 'Edit');
  await expect(page).toHaveURL(new RegExp(`/registration/${id}$`));
  await expect(page.getByTestId('edit-status')).toHaveText('Approved');
  await expect(page.getByTestId('edit-hours')).toHaveText('0:00');
  await page.getByRole('textbox', { name: 'Note' }).fill('Reading buddy on Fridays');
  await expectAccessible(page);
  await shot(page, 'edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(rowOf(page, name)).toContainText('Reading buddy on Fridays');

  // upload a photo from the row menu
  await openAction(page, name, 'Upload Photo');
  const photo = page.getByRole('dialog', { name: `Upload a photo for ${name}` });
  await photo.locator('input[type="file"]').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG });
  await photo.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Photo uploaded.')).toBeVisible();
  await rowOf(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Clear Photo' })).toBeVisible();
  await page.keyboard.press('Escape');

  // print: the row's Print opens the print window, which frames the badge PDF
  await rowOf(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Print', exact: true }).click();
  const printDialog = page.getByRole('dialog', { name: `Print the badge of ${name}` });
  // the label printer needs a building; the PDF needs nothing more
  await expect(printDialog.getByRole('combobox', { name: 'Building' })).toBeVisible();
  await expect(printDialog.getByRole('button', { name: 'Send to label printer' })).toBeDisabled();
  await expectAccessible(page);
  const popupPromise = page.waitForEvent('popup');
  await printDialog.getByRole('button', { name: 'Open the badge PDF' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(new RegExp(`/Badge/PrintRegistration/${id}$`));
  await popup.close();
  const pdf = await page.request.get(`/api/registrations/${id}/badge.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('an attendant sees the list without an action menu', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  await chooseStatus(page, 'All');
  await expect(rowOf(page, 'Abby Approvesky')).toBeVisible();
  // restricted to North High, where this attendant works
  await expect(rowOf(page, 'Nate Northhighonly')).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('the filters are remembered for the session of the user who chose them, not for the next person', async ({
  page,
}) => {
  const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
  await loginAs(page, 'clientAdminSouth');
  await page.goto('/registration');
  await page.getByRole('textbox', { name: 'Last name' }).fill('zz-no-such');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await chooseStatus(page, 'Approved');
  // spec 001 §2: the filter choice is remembered for the session (moving between screens)
  await nav('Home').click();
  await nav('Registrations').click();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('zz-no-such');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
  // the next person signs in at the same browser, without a reload: the defaults, never the last
  // one's search (names stay in this tab's memory only)
  await logoutFromShell(page);
  await page.getByLabel('Email').fill(LOGINS.clientAdminNorth);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-user-name')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Registrations' })
    .click();
  await nav('Registrations').click();
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
});
