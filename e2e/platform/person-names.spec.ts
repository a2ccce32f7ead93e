import { expect, loginAs, test } from '../fixtures';

/**
 * Issue 22 "Input hygiene at every entry point" / issue 23 §5: the one person-name rule is said
 * next to the name field, in the form's words, at the desk, at the kiosk and on the public form.
 */
const CHARACTERS = /A name can contain only letters, spaces, apostrophes, hyphens and periods\./;

test('the desk’s New Visitor form says the rule next to the first name', async ({ page }) => {
  await loginAs(page, 'deskNorthHigh');
  await page.goto('/visitor/verify/0');
  await expect(page.getByRole('heading', { name: 'New Visitor' })).toBeVisible();
  const first = page.getByRole('textbox', { name: 'First name' });
  await first.fill('Visitor 1');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('04121988');
  await page.getByRole('button', { name: 'Save and screen' }).click();
  await expect(first).toHaveAccessibleDescription(CHARACTERS);
});

test('the kiosk says the rule next to the name it refuses', async ({ page }) => {
  await loginAs(page, 'kioskNorthHigh');
  await page.getByTestId('kiosk-button-visitor').click();
  const first = page.getByRole('textbox', { name: 'First name' });
  await first.fill('http://x.y');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await page.getByRole('textbox', { name: /^Date of birth/ }).pressSequentially('04121988');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(first).toHaveAccessibleDescription(CHARACTERS);
  await expect(page.getByText('About your visit')).toHaveCount(0);
});

test('the public registration form says the rule next to the first name', async ({ page, browser }) => {
  await loginAs(page, 'clientAdminNorth');
  const lookup = await (await page.request.get('/api/clients/lookup')).json();
  const northId = (lookup.data as { id: number; name: string }[]).find((c) => c.name === 'North County Schools')!.id;
  // the public form is opened without a sign-in, as an applicant does
  const context = await browser.newContext();
  const p = await context.newPage();
  await p.goto(`/register/${northId}/volunteer`);
  const first = p.getByRole('textbox', { name: 'First name' });
  await first.fill('123');
  await p.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await p.getByRole('button', { name: 'Submit registration' }).click();
  await expect(first).toHaveAccessibleDescription(CHARACTERS);
  await context.close();
});
