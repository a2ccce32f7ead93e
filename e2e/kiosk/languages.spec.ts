import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { apiOf } from '../desk/desk-api';
import { chooseLanguage, expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * Issue 29 §1–2: the visitor-facing screens in six languages. Each language is chosen by its own
 * name; its strings load on demand; the page's `lang` and `dir` follow; Arabic mirrors the layout
 * (the header's building name on the right, the language menu on the left; labels on the right of
 * their fields); and no language makes a screen overflow at the kiosk's 1024×768 or a phone's
 * 390×844. Screenshots in /tmp/shots-languages/.
 */
const SHOTS = '/tmp/shots-languages';
const LANGUAGES = [
  { name: 'Español', tag: 'es', dir: 'ltr', welcome: 'Bienvenido', visitor: 'Registrarse como visitante' },
  { name: 'العربية', tag: 'ar', dir: 'rtl', welcome: 'مرحبًا بكم', visitor: 'تسجيل الدخول كزائر' },
  { name: '简体中文', tag: 'zh-Hans', dir: 'ltr', welcome: '欢迎', visitor: '访客签到' },
  { name: 'Tiếng Việt', tag: 'vi', dir: 'ltr' },
  { name: 'Português', tag: 'pt', dir: 'ltr' },
] as const;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Nothing wider than the window: no sideways scrolling, no clipped button text. */
async function expectNoOverflow(page: Page) {
  const over = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth > width + 1 ? ['page'] : [];
    const clipped = [...document.querySelectorAll('button, [role="button"], h1, h2, label')]
      .filter((e) => {
        const el = e as HTMLElement;
        if (el.closest('[aria-hidden="true"]')) return false; // the form's honeypot, off the page on purpose
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -1 || r.right > width + 1);
      })
      .map((e) => (e.textContent ?? '').trim().slice(0, 40));
    return [...wide, ...clipped];
  });
  expect(over).toEqual([]);
}

test.describe('the kiosk in six languages', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('each language by its own name: strings, lang and dir follow; Arabic mirrors; nothing overflows', async ({
    page,
  }) => {
    await loginAs(page, 'kioskNorthHigh');
    await expect(page.getByTestId('kiosk-button-visitor')).toBeVisible();
    for (const lng of LANGUAGES) {
      await chooseLanguage(page, lng.name);
      await expect(page.locator('html')).toHaveAttribute('lang', lng.tag);
      await expect(page.locator('html')).toHaveAttribute('dir', lng.dir);
      if ('welcome' in lng) await expect(page.getByRole('heading', { level: 1, name: lng.welcome })).toBeVisible();
      await expectNoOverflow(page);
      await shot(page, `kiosk-main-${lng.tag}`);
    }

    // the chooser: six large buttons, each language in its own script; Escape closes it unchanged
    await page.getByTestId('kiosk-language').click();
    await expect(page.getByRole('dialog').getByRole('button')).toHaveCount(7); // six and the close button
    await expectAccessible(page);
    await shot(page, 'kiosk-language-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');

    // Arabic: the building's name at the right edge, the language menu at the left
    await chooseLanguage(page, 'العربية');
    const name = await page.getByTestId('kiosk-building-name').boundingBox();
    const menu = await page.getByTestId('kiosk-language').boundingBox();
    expect(name!.x).toBeGreaterThan(menu!.x);
    expect(name!.x + name!.width).toBeGreaterThan(1024 / 2);
    await expectAccessible(page);

    // the first step of a sign-in in Arabic: labels right of their fields, nothing overflows
    await page.getByTestId('kiosk-button-visitor').click();
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول كزائر' })).toBeVisible();
    const field = page.getByRole('textbox').first();
    const label = page.locator('label').first();
    const [f, l] = [await field.boundingBox(), await label.boundingBox()];
    // right-aligned: the label ends where its field ends (within a few pixels), not where it starts
    expect(Math.abs(l!.x + l!.width - (f!.x + f!.width))).toBeLessThan(24);
    await expectNoOverflow(page);
    await shot(page, 'kiosk-identify-ar');

    // the next visitor starts in English, left to right
    await chooseLanguage(page, 'English');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the public registration form: the visitor chooses any of the six; Arabic mirrors on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  await loginAs(page, 'clientAdminNorth');
  const api = await apiOf(page);
  await api.post(`/api/clients/${api.user.clientId}/registration-types`, {
    name: `Tutors ${stamp}`,
    code: `tutors-${stamp}`,
    language: 'en',
  });
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const p = await phone.newPage();
    await p.goto(`/register/${api.user.clientId}/tutors-${stamp}`);
    await expect(p.getByRole('textbox', { name: 'First name' })).toBeVisible();
    for (const lng of LANGUAGES) {
      await chooseLanguage(p, lng.name);
      await expect(p.locator('html')).toHaveAttribute('lang', lng.tag);
      await expect(p.locator('html')).toHaveAttribute('dir', lng.dir);
      await expect(p.getByRole('textbox', { name: 'First name' })).toHaveCount(0);
      await expectNoOverflow(p);
      await shot(p, `public-form-${lng.tag}`);
    }
    await chooseLanguage(p, 'العربية');
    const first = p.getByRole('textbox').first();
    const box = await first.boundingBox();
    const label = await p.locator('label').first().boundingBox();
    expect(Math.abs(label!.x + label!.width - (box!.x + box!.width))).toBeLessThan(24);
    await expectAccessible(p);
  } finally {
    await phone.close();
  }
});
