import { type TPublicForm, ZPublicForm } from '@sv/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import PublicRegistrationPage from './public-registration-page';
import './i18n.en';

/**
 * The public form opened from a renewal invitation (issue 25, ADR 0038): filled in from the
 * registration on file, never with the date of birth, and saying that it renews it.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

const form = (over: Partial<TPublicForm> = {}): TPublicForm =>
  ZPublicForm.parse({
    clientName: 'North County Schools',
    registrationType: 'Volunteer',
    language: 'en',
    questions: [{ name: 'T-shirt size', hint: 'S, M, L' }],
    disclosureText: 'Disclosure.',
    authorizationText: 'Authorization.',
    prefill: null,
    photoMaxBytes: 10_000_000,
    states: [{ id: 14, name: 'Illinois', abbreviation: 'IL' }],
    ...over,
  });

function open(def: TPublicForm, wording: Record<string, string> = {}) {
  fakeApi()
    .on('GET', /^\/api\/public\/registration-forms\/5\/volunteer/, def)
    // the district's own wording of the form (issue 29 §1)
    .on('GET', /^\/api\/public\/visitor-wording\/5\/en$/, { language: 'en', wording });
  return renderWithProviders(<PublicRegistrationPage />, {
    path: '/register/:clientId/:code',
    route: '/register/5/volunteer',
  });
}

describe("the district's own wording (issue 29 §1)", () => {
  it('replaces SafeVisitor’s text on the form', async () => {
    open(form(), { 'publicRegistration.intro': 'Thank you for helping {{district}}: a few details, then sign.' });
    expect(
      await screen.findByText('Thank you for helping North County Schools: a few details, then sign.'),
    ).toBeTruthy();
  });
});

describe('public registration form from a renewal link', () => {
  it('is filled in from the registration and says it renews it', async () => {
    open(
      form({
        prefill: {
          firstname: 'Renata',
          middlename: 'Q',
          lastname: 'Renewer',
          email: 'renata@example.test',
          phone: '555-555-0199',
          street1: '9 Elm St',
          street2: '',
          city: 'Springfield',
          state: 'IL',
          zipcode: '62704',
          answers: [{ name: 'T-shirt size', value: 'M' }],
        },
        renewal: { expDate: '2026-12-20', hasPhoto: true },
      }),
    );
    expect(await screen.findByTestId('renewal-note')).toHaveTextContent(
      t('publicRegistration.renewalWithPhoto', { date: '12/20/2026' }),
    );
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.middlename')}`))).toHaveValue('Q');
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.street1')}`))).toHaveValue('9 Elm St');
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.zipcode')}`))).toHaveValue('62704');
    expect(screen.getByDisplayValue('M')).toBeInTheDocument();
    // the person types the date of birth
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.dob')}`))).toHaveValue('');
  });

  it('an ordinary form says nothing of a renewal', async () => {
    open(form());
    await screen.findByText(t('publicRegistration.heading', { type: 'Volunteer' }));
    expect(screen.queryByTestId('renewal-note')).toBeNull();
  });
});

describe('public registration form fields (issue 25, audit 001 U11, U16)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps five digits of a ZIP code typed with other characters', async () => {
    open(form());
    const zip = await screen.findByLabelText(new RegExp(`^${t('publicRegistration.field.zipcode')}`));
    // a browser stops typing at maxlength before onChange keeps the digits ('12a345-678' → '1234');
    // happy-dom does not, so the attribute itself is what must not cut the text short
    expect(Number(zip.getAttribute('maxlength') ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(10);
    await userEvent.type(zip, '12a345-678');
    expect(zip).toHaveValue('12345');
  });

  it('a file named .jpg that is no picture is refused at once, with no broken preview', async () => {
    // what a browser does with bytes that are not an image
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('not an image', 'InvalidStateError')));
    open(form());
    const input = await screen.findByLabelText(t('publicRegistration.field.photo'), { selector: 'input' });
    await userEvent.upload(input, new File(['hello, not a photo'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(t('publicRegistration.errors.photoType'))).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: t('publicRegistration.field.photoAlt') })).toBeNull();
  });
});
