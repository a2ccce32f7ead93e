import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiOf } from '../desk/desk-api';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

const SHOTS = '/tmp/shots-invite';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

interface OutboxMessage {
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  channel: string;
}
async function outbox(page: Page): Promise<OutboxMessage[]> {
  const api = await apiOf(page);
  return (await api.get('/api/outbox?perPage=100&sort=createdAt&dir=desc')).data;
}

test('a client admin invites a volunteer, who registers in Spanish on a phone from the e-mailed link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const typeName = `Voluntarios ${stamp}`;
  const email = `lucia.${stamp}@example.test`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: typeName,
    code: `voluntarios-${stamp}`,
    language: 'es',
    attributes: [{ name: 'Talla de camiseta', value: 'S, M, L, XL' }],
  });

  // --- /registration/send (spec 001 §2 Send registration, §5)
  await page.goto('/registration/send');
  await expect(page).toHaveTitle('SafeVisitor - Send Registration');
  await expect(page.getByRole('heading', { name: 'Send Registration', level: 1 })).toBeVisible();
  const one = page.getByRole('region', { name: 'Invite one person' });
  await one.getByRole('button', { name: 'Send invitation' }).click();
  await expect(one.getByText('First name is required')).toBeVisible();
  await expect(one.getByText('Last name is required')).toBeVisible();
  await expect(one.getByText('Email or phone is required')).toBeVisible();
  await expect(one.getByText('Expiration date is required')).toBeVisible();
  await expect(one.getByText('Registration type is required')).toBeVisible();
  await expectAccessible(page);

  await one.getByRole('textbox', { name: 'First name' }).fill('Lucia');
  await one.getByRole('textbox', { name: 'Last name' }).fill('Fernandez');
  await one.getByRole('textbox', { name: 'Email' }).fill(email);
  const nextYear = new Date().getFullYear() + 1;
  await one.getByRole('textbox', { name: 'Expiration date' }).fill(`06/30/${nextYear}`);
  await one.getByRole('textbox', { name: 'Expiration date' }).press('Tab');
  await one.getByRole('combobox', { name: 'Registration type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await shot(page, 'send-filled');
  await one.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to Lucia Fernandez.')).toBeVisible();
  // §2: the form is cleared after a success
  await expect(one.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  await expect(one.getByRole('textbox', { name: 'Email' })).toHaveValue('');

  // the same person again while the invitation is open: nothing is sent twice (§2 failure alert)
  await one.getByRole('textbox', { name: 'First name' }).fill('Lucia');
  await one.getByRole('textbox', { name: 'Last name' }).fill('Fernandez');
  await one.getByRole('textbox', { name: 'Email' }).fill(email);
  await one.getByRole('textbox', { name: 'Expiration date' }).fill(`06/30/${nextYear}`);
  await one.getByRole('textbox', { name: 'Expiration date' }).press('Tab');
  await one.getByRole('combobox', { name: 'Registration type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await one.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/still open, so nothing was sent again/)).toBeVisible();

  // bulk: one good row, one without e-mail or phone
  const many = page.getByRole('region', { name: 'Invite many from a file' });
  await many.getByRole('combobox', { name: 'Registration type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await many.locator('input[type="file"]').setInputFiles({
    name: 'invitations.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `FirstName,LastName,Email,Phone,ExpirationDate\r\nBruno,Diaz,bruno.${stamp}@example.test,,12/31/${nextYear}\r\nNo,Contact,,,12/31/${nextYear}\r\n`,
    ),
  });
  await many.getByRole('button', { name: 'Upload and Send' }).click();
  await expect(many.getByText('1 invitation sent.')).toBeVisible();
  await expect(many.getByText(/Row 3: Email: an e-mail or a phone is required/)).toBeVisible();
  await expect(many.getByRole('link', { name: /error file/i })).toBeVisible();
  // the screenshot without the alerts over the page
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click({ timeout: 2000 }).catch(() => undefined);
  }
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await shot(page, 'send-page');
  // the screen works on a phone too: nothing overflows sideways
  await page.setViewportSize({ width: 390, height: 844 });
  // (polled: the shell re-lays out for the phone width just after the resize)
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'send-page-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // --- the e-mail arrived (the outbox administrators read: no SMTP in the browser tests)
  const mails = await outbox(page);
  const invite = mails.find((m) => m.recipient === email && m.kind === 'registration-invitation');
  expect(invite, 'the invitation e-mail').toBeTruthy();
  expect(invite?.subject).toContain(typeName);
  const link = /https?:\/\/\S+\?invitation=[A-Za-z0-9_-]+/.exec(invite?.body ?? '')?.[0] ?? '';
  const personal = new URL(link);
  expect(personal.pathname).toMatch(new RegExp(`^/register/${api.user.clientId}/voluntarios-${stamp}$`));

  // --- the volunteer opens the personal link on a phone (375 × 740), no session
  const phone = await browser.newContext({
    baseURL,
    // a Spanish-speaking volunteer's phone: pages shown before the form's language is known use it
    locale: 'es-US',
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const p = await phone.newPage();
  const errors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await p.goto(`${personal.pathname}${personal.search}`);
  await expect(p.getByRole('heading', { name: `Registro de ${typeName}`, level: 1 })).toBeVisible();
  await expect(p.locator('html')).toHaveAttribute('lang', 'es');
  await expect(p.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Lucia');
  await expect(p.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);
  await expect(p.getByText('Resumen de sus derechos', { exact: false })).toBeVisible();
  // the photo input opens the front camera on phones
  await expect(p.locator('input[type="file"]')).toHaveAttribute('capture', 'user');
  await expect(p.locator('input[type="file"]')).toHaveAttribute('accept', 'image/*');
  // the honeypot is out of reach
  await expect(p.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');

  await p.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(p.getByText('Corrija los campos marcados en rojo.')).toBeVisible();
  await expect(p.getByText('Escriba su fecha de nacimiento (mm/dd/aaaa)')).toBeVisible();
  await expect(p.getByText('Lea y acepte el aviso y la autorización')).toBeVisible();

  await p.getByRole('textbox', { name: 'Segundo nombre' }).fill('Maria');
  await p.getByRole('textbox', { name: 'Fecha de nacimiento' }).pressSequentially('07141985');
  await expect(p.getByRole('textbox', { name: 'Fecha de nacimiento' })).toHaveValue('07/14/1985');
  await p.getByRole('textbox', { name: 'Dirección', exact: true }).fill('12 Oak Ave');
  await p.getByRole('textbox', { name: 'Ciudad' }).fill('Springfield');
  await p.getByRole('combobox', { name: 'Estado' }).selectOption('IL');
  await p.getByRole('textbox', { name: 'Código postal' }).fill('62701');
  await p.getByRole('textbox', { name: 'Teléfono' }).fill('555-555-0123');
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a0785a' } })
    .jpeg()
    .toBuffer();
  await p.locator('input[type="file"]').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(p.getByRole('img', { name: 'Su foto' })).toBeVisible();
  await p.getByRole('textbox', { name: 'Talla de camiseta' }).fill('M');
  await p.getByRole('checkbox', { name: /He leído el aviso/ }).check();
  await p.getByRole('textbox', { name: 'Escriba su nombre completo como firma' }).fill('Lucia Fernandez');
  await expectAccessible(p);
  await expect.poll(() => sidewaysOverflow(p)).toBeLessThanOrEqual(0);
  await shot(p, 'public-form-phone-es');

  await p.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(p.getByRole('heading', { name: '¡Gracias! Recibimos su registro.' })).toBeVisible();
  const reference = (await p.getByTestId('registration-reference').textContent()) ?? '';
  expect(reference).toMatch(/^R-\d+$/);
  await shot(p, 'public-confirmation-phone-es');
  // the same personal link does not take a second registration
  await p.goto(`${personal.pathname}${personal.search}`);
  await expect(p.getByText('Este enlace de invitación ya no es válido', { exact: false })).toBeVisible();
  expect(errors.filter((e) => !/status of (404|409)/.test(e))).toEqual([]);
  await phone.close();

  // the confirmation e-mail carries the reference
  const confirmation = (await outbox(page)).find(
    (m) => m.recipient === email && m.kind === 'registration-confirmation',
  );
  expect(confirmation?.subject).toContain(reference);
});

test("the district's public link (no invitation) in English, signed with a drawn signature on a phone", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: `Chaperones ${stamp}`,
    code: `chaperones-${stamp}`,
    language: 'en',
  });
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const p = await phone.newPage();
  await p.goto(`/register/${api.user.clientId}/chaperones-${stamp}`);
  await expect(p.getByRole('heading', { name: `Chaperones ${stamp} registration`, level: 1 })).toBeVisible();
  await expect(p.locator('html')).toHaveAttribute('lang', 'en');
  // nothing prefilled without an invitation
  await expect(p.getByRole('textbox', { name: 'First name' })).toHaveValue('');

  // spec 001 §5: a date of birth in the future clears the field
  await p.getByRole('textbox', { name: 'Date of birth' }).pressSequentially(`0101${new Date().getFullYear() + 1}`);
  await p.getByRole('textbox', { name: 'First name' }).click();
  await expect(p.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('');
  await expect(p.getByText('The date of birth must be before today')).toBeVisible();

  await p.getByRole('textbox', { name: 'First name' }).fill('Omar');
  await p.getByRole('textbox', { name: 'Last name' }).fill('Haddad');
  await p.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('03021979');
  await p.getByRole('textbox', { name: 'Street address' }).fill('4 Elm St');
  await p.getByRole('textbox', { name: 'City' }).fill('Peoria');
  await p.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await p.getByRole('textbox', { name: 'ZIP code' }).fill('61602-1234');
  await expect(p.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('61602');
  await p.getByRole('textbox', { name: 'Email' }).fill(`omar.${stamp}@example.test`);
  await p.getByRole('textbox', { name: 'Phone' }).fill('309-555-0188');
  await p.getByRole('checkbox', { name: /I have read the disclosure/ }).check();
  await p.getByText('Draw my signature').click();
  const pad = p.getByRole('img', { name: 'Sign with your finger or mouse in the box' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await p.mouse.move(box.x + 20, box.y + 100);
  await p.mouse.down();
  for (let i = 1; i <= 12; i++) await p.mouse.move(box.x + 20 + i * 20, box.y + 100 - (i % 2) * 40);
  await p.mouse.up();
  await expect.poll(() => sidewaysOverflow(p)).toBeLessThanOrEqual(0);
  await shot(p, 'public-form-phone-en-drawn');
  await p.getByRole('button', { name: 'Submit registration' }).click();
  await expect(p.getByRole('heading', { name: 'Thank you! Your registration was received.' })).toBeVisible();
  await expect(p.getByTestId('registration-reference')).toHaveText(/^R-\d+$/);
  await phone.close();
});
