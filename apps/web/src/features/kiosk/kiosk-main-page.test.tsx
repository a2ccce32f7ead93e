import {
  CONSTANTS,
  type TKioskLookupResponse,
  ZKioskAutoValidateResponse,
  ZKioskHostSearchResponse,
  ZKioskLookupRequest,
  ZKioskLookupResponse,
  ZKioskSignInRequest,
  ZKioskSignInResponse,
} from '@sv/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from '../../lib/i18n/index';
import { errorReply, type FakeApi, fakeApi } from '../../test/fake-api';
import { kioskConfig } from '../../test/fixtures';
import { probedState, renderWithProviders } from '../../test/render';
import KioskMainPage from './kiosk-main-page';
import './i18n.en';

/**
 * The kiosk (spec 002 §2, §4 health banner and kiosk with/without auto badge; issue 14; issue 22
 * name rule): choosing the action, the health questions, typed name and date of birth, the visit's
 * details, and where each answer of the server leads (thank-you, problem screen, message).
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

const lookupAnswer = (over: Partial<TKioskLookupResponse>) =>
  ZKioskLookupResponse.parse({ kind: 'person', matches: [], person: null, registration: null, ...over });

function setup(config = kioskConfig(), more?: (api: FakeApi) => void) {
  const api = fakeApi();
  api.on('GET', '/api/kiosk/config', config);
  // no emergency state unless a test says so (issue 27: the kiosk asks every second)
  api.on('GET', '/api/emergency-states/active', { states: [] });
  // issue 28 §1: "Person visiting" asks the kiosk's hosts as the visitor types (none unless a test says so)
  api.on('POST', '/api/kiosk/hosts/search', ZKioskHostSearchResponse.parse({ data: [] }));
  more?.(api);
  const view = renderWithProviders(<KioskMainPage />, { path: '/safe/kiosk', route: '/safe/kiosk' });
  return { api, ...view };
}

const field = (key: string) => screen.getByRole('textbox', { name: t(`kiosk.identify.${key}`) });

async function startVisitor(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'VISITOR' }));
  expect(await screen.findByRole('heading', { name: t('kiosk.identify.titleVisitor') })).toBeInTheDocument();
}

async function typePerson(user: ReturnType<typeof setup>['user'], first: string, last: string, dob: string) {
  if (first) await user.type(field('firstName'), first);
  if (last) await user.type(field('lastName'), last);
  if (dob) await user.type(field('dob'), dob);
  await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
}

/** "Person visiting" at the kiosk: the host picker (a combobox named by its label; issue 28 §1) */
const visitingField = () => screen.getByRole('combobox', { name: t('kiosk.details.personVisiting') });

async function fillDetails(user: ReturnType<typeof setup>['user'], reason: string, visiting: string) {
  const reasonField = await screen.findByRole('textbox', { name: t('kiosk.details.reason') });
  if (reason) await user.type(reasonField, reason);
  if (visiting) await user.type(visitingField(), visiting);
  await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
}

describe('Kiosk: choosing the action', () => {
  it('shows one large button per configured action, and Start over returns to them', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: t('kiosk.welcome') })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'VISITOR',
      'VOLUNTEER / VENDOR CHECK IN',
      'CHECK OUT',
    ]);
    await user.click(screen.getByRole('button', { name: 'CHECK OUT' }));
    expect(await screen.findByRole('heading', { name: t('kiosk.identify.titleCheckOut') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('kiosk.cancel') }));
    expect(await screen.findByRole('heading', { name: t('kiosk.welcome') })).toBeInTheDocument();
  });

  it('a kiosk that cannot load its settings says so and offers to try again', async () => {
    const { api, user } = setup(undefined, (a) => a.on('GET', '/api/kiosk/config', errorReply(500, 'Down')));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('kiosk.loadFailed'));
    api.on('GET', '/api/kiosk/config', kioskConfig());
    await user.click(screen.getByRole('button', { name: t('kiosk.retry') }));
    expect(await screen.findByRole('button', { name: 'VISITOR' })).toBeInTheDocument();
  });
});

describe('Kiosk: the health questions', () => {
  const withBanner = () =>
    kioskConfig({
      banner: {
        enabled: true,
        questions: ['Do you have a fever?', 'Have you been exposed?'],
        questionsEs: ['¿Tiene fiebre?', ''],
      },
    });

  it('No to every question leads to the actions', async () => {
    const { api, user } = setup(withBanner());
    expect(await screen.findByTestId('kiosk-banner-question')).toHaveTextContent('Do you have a fever?');
    expect(screen.getByText(t('kiosk.banner.question', { n: 1, count: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('kiosk.banner.no') }));
    expect(screen.getByTestId('kiosk-banner-question')).toHaveTextContent('Have you been exposed?');
    await user.click(screen.getByRole('button', { name: t('kiosk.banner.no') }));
    expect(await screen.findByRole('button', { name: 'VISITOR' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/kiosk/problems')).toHaveLength(0);
  });

  it('Yes to any question tells the office and shows the problem screen', async () => {
    const { api, user } = setup(withBanner(), (a) => a.on('POST', '/api/kiosk/problems', { id: 1 }));
    await screen.findByTestId('kiosk-banner-question');
    await user.click(screen.getByRole('button', { name: t('kiosk.banner.no') }));
    await user.click(screen.getByRole('button', { name: t('kiosk.banner.yes') }));
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/safe/kioskproblem');
    expect(probedState(where)).toEqual({ kind: 'health' });
    await waitFor(() => expect(api.calls('POST', '/api/kiosk/problems')).toHaveLength(1));
    expect(api.calls('POST', '/api/kiosk/problems')[0]!.body).toEqual({ kind: 'health' });
  });
});

describe('Kiosk: a visitor signs in', () => {
  it('the name rule and the date of birth are checked before anything is sent', async () => {
    const { api, user } = setup();
    await startVisitor(user);
    await typePerson(user, '', '', '');
    expect(screen.getAllByText(t('kiosk.identify.required'))).toHaveLength(2);
    expect(screen.getByText(t('kiosk.identify.dobInvalid'))).toBeInTheDocument();

    await user.type(field('firstName'), 'J0rdan');
    await user.type(field('lastName'), '--');
    await user.type(field('dob'), '13452000');
    await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
    expect(await screen.findByText(t('kiosk.identify.nameCharacters'))).toBeInTheDocument();
    expect(screen.getByText(t('kiosk.identify.nameNoLetters'))).toBeInTheDocument();
    // the date of birth is masked as typed, and a month 13 is refused (the one DobInput says why)
    expect(field('dob')).toHaveValue('13/45/2000');
    expect(screen.getByText(t('dob.notADate'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/kiosk/lookup')).toHaveLength(0);
  });

  it('the date of birth is the one DobInput: a calendar, and a future date is cleared and said (issue 25)', async () => {
    const { api, user } = setup();
    await startVisitor(user);
    expect(screen.getByRole('button', { name: t('dob.openCalendar') })).toBeInTheDocument();
    await user.type(field('firstName'), 'Jordan');
    await user.type(field('lastName'), 'Rivers');
    await user.type(field('dob'), '12312099');
    expect(field('dob')).toHaveValue('');
    expect(screen.getByText(t('dob.future'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
    expect(api.calls('POST', '/api/kiosk/lookup')).toHaveLength(0);
  });

  it('found once: the visit’s details, then the office has the sign-in (no auto badge)', async () => {
    const { api, user } = setup(undefined, (a) =>
      a
        .on(
          'POST',
          '/api/kiosk/lookup',
          lookupAnswer({ matches: [{ visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null }] }),
        )
        .on('POST', '/api/kiosk/sign-ins', ZKioskSignInResponse.parse({ signInId: 301, next: 'thankyou' })),
    );
    await startVisitor(user);
    await typePerson(user, ' Jordan ', 'Rivers', '04121980');
    await fillDetails(user, ' Meeting ', 'Ms. Patel');

    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/safe/kioskthankyou');
    expect(probedState(where)).toEqual({ kind: 'arrival' });
    const lookupBody = api.calls('POST', '/api/kiosk/lookup')[0]!.body;
    expect(lookupBody).toEqual({ person: { firstName: 'Jordan', lastName: 'Rivers', dob: '1980-04-12' } });
    expect(ZKioskLookupRequest.safeParse(lookupBody).success).toBe(true);
    const [signIn] = api.calls('POST', '/api/kiosk/sign-ins');
    expect(signIn!.body).toEqual({
      visitorId: 7,
      reason: 'Meeting',
      personVisiting: 'Ms. Patel',
      visitorType: 'visitor',
      photoFileId: null,
    });
    expect(ZKioskSignInRequest.safeParse(signIn!.body).success).toBe(true);
    expect(signIn!.headers['idempotency-key']).toBeTruthy();
  });

  it('several people found: the visitor chooses which one they are', async () => {
    const { api, user } = setup(undefined, (a) =>
      a
        .on(
          'POST',
          '/api/kiosk/lookup',
          lookupAnswer({
            matches: [
              { visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null },
              { visitorId: 8, displayName: 'Jordan R.', preRegistrationId: 31 },
            ],
          }),
        )
        .on('POST', '/api/kiosk/sign-ins', { signInId: 302, next: 'thankyou' }),
    );
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    expect(await screen.findByText(t('kiosk.identify.choose'))).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Jordan R.' })[1]!);
    await fillDetails(user, '', '');
    await screen.findByTestId('location');
    expect(api.calls('POST', '/api/kiosk/sign-ins')[0]!.body).toMatchObject({ visitorId: 8 });
  });

  it('not on file: a first visit signs in with the typed person', async () => {
    const { api, user } = setup(undefined, (a) =>
      a
        .on(
          'POST',
          '/api/kiosk/lookup',
          lookupAnswer({ person: { firstName: 'Jordan', lastName: 'Rivers', dob: '1980-04-12' } }),
        )
        .on('POST', '/api/kiosk/sign-ins', { signInId: 303, next: 'thankyou' }),
    );
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    await fillDetails(user, 'Tour', '');
    await screen.findByTestId('location');
    expect(api.calls('POST', '/api/kiosk/sign-ins')[0]!.body).toMatchObject({
      person: { firstName: 'Jordan', lastName: 'Rivers', dob: '1980-04-12' },
      reason: 'Tour',
    });
  });

  it('not found and nothing to sign in with: says so and stays on the form', async () => {
    const { api, user } = setup(kioskConfig(), (a) => a.on('POST', '/api/kiosk/lookup', lookupAnswer({})));
    await user.click(await screen.findByRole('button', { name: 'VOLUNTEER / VENDOR CHECK IN' }));
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('kiosk.identify.notFound'));
    expect(api.calls('POST', '/api/kiosk/sign-ins')).toHaveLength(0);
  });

  it('a sign-in the server refuses: its sentence is shown and the visitor starts again', async () => {
    const { user } = setup(undefined, (a) =>
      a
        .on(
          'POST',
          '/api/kiosk/lookup',
          lookupAnswer({ matches: [{ visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null }] }),
        )
        .on('POST', '/api/kiosk/sign-ins', errorReply(409, 'You are already signed in at this building.')),
    );
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    await fillDetails(user, 'Meeting', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already signed in at this building.');
    expect(field('firstName')).toHaveValue('');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('a registration badge that does not admit today is refused with the reason', async () => {
    const { api, user } = setup(undefined, (a) =>
      a.on(
        'POST',
        '/api/kiosk/lookup',
        lookupAnswer({
          kind: 'registration',
          registration: {
            ok: false,
            reason: 'The registration has expired.',
            registrationId: 61,
            visitorId: 7,
            displayName: 'Jordan R.',
          },
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'VOLUNTEER / VENDOR CHECK IN' }));
    expect(await screen.findByText(t('kiosk.identify.scanBadgeHint'))).toBeInTheDocument();
    // the badge scanner types into the page, then pauses (CONSTANTS.scanIdleMs)
    await user.keyboard('SV-BADGE-61');
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      t('kiosk.identify.badgeRefused', { reason: 'The registration has expired.' }),
    );
    expect(api.calls('POST', '/api/kiosk/lookup')[0]!.body).toEqual({ raw: 'SV-BADGE-61' });
  });

  it.each([
    [
      'checked in with a printed badge',
      { state: 'checked_in', visitId: 901, badge: { printed: true, required: true } },
      '/safe/kioskthankyou',
      { kind: 'checkedIn' },
    ],
    [
      'checked in, badge not printed',
      { state: 'checked_in', visitId: 901, badge: { printed: false, required: true } },
      '/safe/kioskthankyou',
      { kind: 'checkedInNoBadge' },
    ],
    [
      'sent to the office',
      { state: 'see_office', visitId: null, badge: null },
      '/safe/kioskproblem',
      { kind: 'screening' },
    ],
  ])('auto badge, %s', async (_, answer, path, state) => {
    const { api, user } = setup(kioskConfig({ autoBadge: true }), (a) =>
      a
        .on(
          'POST',
          '/api/kiosk/lookup',
          lookupAnswer({ matches: [{ visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null }] }),
        )
        .on('POST', '/api/kiosk/sign-ins', { signInId: 304, next: 'poll' })
        .on('POST', '/api/kiosk/sign-ins/304/auto-validate', ZKioskAutoValidateResponse.parse(answer)),
    );
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    // the kiosk asks the server CONSTANTS.autoValidateIntervalMs after the sign-in: that wait is cut short
    const realSetTimeout = globalThis.setTimeout;
    const waits: number[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
      if (ms === CONSTANTS.autoValidateIntervalMs) waits.push(ms);
      return realSetTimeout(fn, ms === CONSTANTS.autoValidateIntervalMs ? 0 : ms, ...args);
    }) as typeof setTimeout);
    await fillDetails(user, 'Meeting', '');
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent(path);
    expect(probedState(where)).toEqual(state);
    expect(api.calls('POST', '/api/kiosk/sign-ins/304/auto-validate')).toHaveLength(1);
    // one wait of the spec's interval before the first question
    expect(waits).toEqual([CONSTANTS.autoValidateIntervalMs]);
  });
});

describe("Kiosk: the badge in the kiosk's language (issue 29 §1, ADR 0055)", () => {
  it('the auto badge is asked for in the language the visitor chose', async () => {
    await switchLanguage('vi');
    try {
      const { api, user } = setup(kioskConfig({ autoBadge: true }), (a) =>
        a
          .on(
            'POST',
            '/api/kiosk/lookup',
            lookupAnswer({ matches: [{ visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null }] }),
          )
          .on('POST', '/api/kiosk/sign-ins', { signInId: 305, next: 'poll' })
          .on(
            'POST',
            '/api/kiosk/sign-ins/305/auto-validate?lang=vi',
            ZKioskAutoValidateResponse.parse({
              state: 'checked_in',
              visitId: 9,
              badge: { printed: true, required: true },
            }),
          ),
      );
      const realSetTimeout = globalThis.setTimeout;
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) =>
        realSetTimeout(fn, ms === CONSTANTS.autoValidateIntervalMs ? 0 : ms, ...args)) as typeof setTimeout);
      await startVisitor(user);
      await typePerson(user, 'Jordan', 'Rivers', '04121980');
      await fillDetails(user, 'Meeting', '');
      await waitFor(() => expect(api.calls('POST', '/api/kiosk/sign-ins/305/auto-validate?lang=vi')).toHaveLength(1));
    } finally {
      await switchLanguage('en');
    }
  });
});

describe('Kiosk: an emergency state (issue 27 §1; ADR 0037)', () => {
  const lockdown = {
    id: 7,
    clientId: 1,
    kind: 'Lockdown',
    drill: false,
    status: 'active',
    buildings: [{ id: 1, name: 'North High School' }],
    startedAt: '2026-10-15T15:00:00.000Z',
    startedBy: { id: 3, name: 'Hank Desk' },
    endedAt: null,
    endedBy: null,
    endNotes: null,
    cancelUntil: '2026-10-15T15:00:10.000Z',
    timeline: [],
  };

  it('shows the kind’s calm instructions instead of the buttons while a state is active', async () => {
    setup(kioskConfig(), (api) => api.on('GET', '/api/emergency-states/active', { states: [lockdown] }));
    expect(await screen.findByTestId('kiosk-emergency-instructions')).toHaveTextContent(t('kiosk.emergency.Lockdown'));
    expect(screen.queryByRole('button', { name: 'VISITOR' })).toBeNull();
  });

  it('shows the buttons when no state is active', async () => {
    setup(kioskConfig(), (api) => api.on('GET', '/api/emergency-states/active', { states: [] }));
    expect(await screen.findByRole('button', { name: 'VISITOR' })).toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-emergency')).toBeNull();
  });
});

describe('Kiosk: "Person visiting" picks one of the building\'s hosts (issue 28 §1)', () => {
  const found = (a: FakeApi) =>
    a
      .on(
        'POST',
        '/api/kiosk/lookup',
        lookupAnswer({ matches: [{ visitorId: 7, displayName: 'Jordan R.', preRegistrationId: null }] }),
      )
      .on('POST', '/api/kiosk/sign-ins', ZKioskSignInResponse.parse({ signInId: 301, next: 'thankyou' }))
      .on('POST', '/api/kiosk/hosts/search', (req) =>
        ZKioskHostSearchResponse.parse({
          data: 'ms. patel'.includes((req.body as { q: string }).q.toLowerCase())
            ? [{ id: 41, name: 'Ms. Patel' }]
            : [],
        }),
      );

  it('picking a host sends its id with the sign-in; the search sends only the words typed', async () => {
    const { api, user } = setup(undefined, found);
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    await screen.findByRole('textbox', { name: t('kiosk.details.reason') });
    await user.type(visitingField(), 'pat');
    await user.click(await screen.findByRole('option', { name: 'Ms. Patel' }));
    expect(visitingField()).toHaveValue('Ms. Patel');
    await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
    await screen.findByTestId('location');
    const [signIn] = api.calls('POST', '/api/kiosk/sign-ins');
    expect(signIn!.body).toMatchObject({ personVisiting: 'Ms. Patel', hostId: 41 });
    expect(ZKioskSignInRequest.safeParse(signIn!.body).success).toBe(true);
    expect(api.calls('POST', '/api/kiosk/hosts/search').map((r) => r.body)).toContainEqual({ q: 'pat' });
  });

  it('a name nobody in the list has is kept, said so, and sent without a host', async () => {
    const { api, user } = setup(undefined, found);
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    await screen.findByRole('textbox', { name: t('kiosk.details.reason') });
    await user.type(visitingField(), 'Coach Ray');
    expect(await screen.findByText(t('kiosk.details.hostNoMatch'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
    await screen.findByTestId('location');
    const body = api.calls('POST', '/api/kiosk/sign-ins')[0]!.body as Record<string, unknown>;
    expect(body.personVisiting).toBe('Coach Ray');
    expect(body).not.toHaveProperty('hostId');
  });

  it('one letter asks nothing (the server needs two)', async () => {
    const { api, user } = setup(undefined, found);
    await startVisitor(user);
    await typePerson(user, 'Jordan', 'Rivers', '04121980');
    await screen.findByRole('textbox', { name: t('kiosk.details.reason') });
    await user.type(visitingField(), 'P');
    await user.click(screen.getByRole('button', { name: t('kiosk.next') }));
    await screen.findByTestId('location');
    expect(api.calls('POST', '/api/kiosk/hosts/search')).toEqual([]);
  });
});
