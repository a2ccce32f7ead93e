import {
  MESSAGES,
  ROLE,
  SCREENING_MESSAGES,
  type TCheckInResponse,
  ZCheckInRequest,
  ZCheckInResponse,
  ZHostListResponse,
} from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, type FakeApi, fakeApi } from '../../test/fake-api';
import { fakeCamera } from '../../test/fake-camera';
import {
  BUILDING_ID,
  building,
  preRegistration,
  SCREENING_ID,
  session,
  visitor as visitorFixture,
} from '../../test/fixtures';
import { probedState, renderWithProviders } from '../../test/render';
import CheckInPage from './checkin-page';
import './i18n.en';
import '../visitor-passes/i18n.en';

/**
 * Check-in (spec 002 §4–§5, issue 10 §1): reached only with this visit's screening; the photo the
 * building requires; the request it sends (checked against its zod contract); the server's refusal.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const PHOTO_ON_FILE = '6d1f3e0a-2b8c-4c55-8f0e-1f2a3b4c5d6e';
const UPLOADED = '9e8d7c6b-5a49-4382-a716-0f1e2d3c4b5a';
const screened = { visitorId: 7, buildingId: BUILDING_ID, screeningId: SCREENING_ID };

const checkedIn = (visitorType = 'visitor'): TCheckInResponse =>
  ZCheckInResponse.parse({
    visit: {
      id: 901,
      visitorId: 7,
      visitorName: 'Jordan Rivers',
      visitorType,
      buildingId: BUILDING_ID,
      buildingName: 'Lincoln High',
      checkIn: '2026-11-27T15:35:00.000Z',
      checkOut: null,
      reason: 'Meeting',
      personVisiting: 'Ms. Patel',
      photoFileId: null,
      checkedInByName: 'Avery Attendant',
      badge: null,
    },
    print: { mode: 'pdf', required: false, pdfUrl: '/Badge/print/901' },
  });

/** The district's hosts the desk's "Person visiting" finds (POST /api/hosts/search, issue 28 §1). */
const HOSTS = [
  { id: 41, name: 'Ms. Patel', email: 'patel@example.test' },
  { id: 42, name: 'Mr. Park', email: 'park@example.test' },
];
const hostsFound = (q: string) => {
  const words = q
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim();
  const data = HOSTS.filter((h) => words && h.name.toLowerCase().includes(words)).map((h) => ({
    ...h,
    clientId: 1,
    buildingId: null,
    buildingName: null,
    mobile: '',
    channel: 'email',
    source: 'manual',
    active: true,
    version: 1,
  }));
  return ZHostListResponse.parse({ data, count: data.length, currentPage: 1, perPage: 8, totalPages: 1 });
};

function setup(
  opts: {
    state?: Record<string, unknown>;
    visitor?: Parameters<typeof visitorFixture>[0];
    building?: Parameters<typeof building>[0];
    reasons?: { id: number; kind: string; label: string }[];
    api?: (api: FakeApi) => void;
  } = {},
) {
  const api = fakeApi();
  api
    .on('GET', '/api/visitors/7', visitorFixture(opts.visitor))
    .on('GET', `/api/buildings/${BUILDING_ID}`, building(opts.building))
    .on('GET', `/api/buildings/${BUILDING_ID}/visit-reasons?kind=visitor`, {
      data: opts.reasons ?? [
        { id: 1, kind: 'visitor', label: 'Meeting' },
        { id: 2, kind: 'visitor', label: 'Delivery' },
      ],
    })
    .on('GET', `/api/buildings/${BUILDING_ID}/visit-reasons?kind=volunteer`, {
      data: [{ id: 8, kind: 'volunteer', label: 'Library helper' }],
    })
    .on('POST', '/api/visits', (req) => checkedIn((req.body as { visitorType: string }).visitorType))
    .on('POST', '/api/hosts/search', (req) => hostsFound((req.body as { q: string }).q));
  opts.api?.(api);
  const view = renderWithProviders(<CheckInPage />, {
    path: '/visitor/checkin/:visitorId',
    route: '/visitor/checkin/7',
    state: opts.state ?? { buildingId: BUILDING_ID, screened },
    session: session('attendant'),
  });
  return { api, ...view };
}

/** "Person visiting": the host picker (a combobox named by its label; issue 28 §1) */
const personVisiting = () => screen.getByRole('combobox', { name: t('visitorFlow.checkIn.personVisiting') });
const findPersonVisiting = () => screen.findByRole('combobox', { name: t('visitorFlow.checkIn.personVisiting') });
const submitButton = () => screen.getByRole('button', { name: t('visitorFlow.checkIn.submit') });
const checkInRequests = (api: FakeApi) => api.calls('POST', '/api/visits');

/** the reason field: a Select of the listed reasons (its listbox shares the label) or a text input */
const reasonInput = () =>
  screen.getAllByLabelText(t('visitorFlow.checkIn.reason')).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const findReason = () => waitFor(reasonInput);

async function pickReason(user: ReturnType<typeof setup>['user'], label: string) {
  const select = await findReason();
  await waitFor(() => expect(select).toBeEnabled());
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Check In', () => {
  it('opened without this visit’s screening, it sends the visitor to Allow / Deny Entry first', async () => {
    setup({ state: { buildingId: BUILDING_ID } });
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/background/visitor/7');
    expect(probedState(where)).toEqual({ buildingId: BUILDING_ID });
  });

  it('a screening of another visitor does not admit this one', async () => {
    setup({ state: { buildingId: BUILDING_ID, screened: { ...screened, visitorId: 8 } } });
    expect(await screen.findByTestId('location')).toHaveTextContent('/background/visitor/7');
  });

  it('sends the check-in the contract accepts: screening, type, listed reason, person visiting, duration', async () => {
    const { api, user } = setup();
    await pickReason(user, 'Meeting');
    await user.type(personVisiting(), '  Ms. Patel ');
    await user.type(screen.getByLabelText(t('visitorFlow.checkIn.duration')), '45');
    expect(screen.getByText(t('visitorFlow.checkIn.photoOptional'))).toBeInTheDocument();
    await user.click(submitButton());

    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/visitor/in/visit/901');
    expect(probedState(where)).toEqual({ buildingId: BUILDING_ID });
    const [sent] = checkInRequests(api);
    expect(sent!.body).toEqual({
      screeningId: SCREENING_ID,
      visitorId: 7,
      buildingId: BUILDING_ID,
      visitorType: 'visitor',
      visitReasonId: 1,
      reason: 'Meeting',
      personVisiting: 'Ms. Patel',
      // typed, not picked from the list: no host is named
      hostId: null,
      allowedMinutes: 45,
      photoFileId: null,
      preRegistrationId: null,
      registrationId: null,
    });
    expect(ZCheckInRequest.safeParse(sent!.body).success).toBe(true);
    expect(sent!.headers['idempotency-key']).toBeTruthy();
  });

  it('a volunteer gets the volunteer reasons, and the reason chosen for a visitor is dropped', async () => {
    const { api, user } = setup();
    await pickReason(user, 'Meeting');
    await user.click(screen.getByRole('radio', { name: t('visitorFlow.checkIn.types.volunteer') }));
    await pickReason(user, 'Library helper');
    await user.click(submitButton());
    await screen.findByTestId('location');
    expect(checkInRequests(api)[0]!.body).toMatchObject({
      visitorType: 'volunteer',
      visitReasonId: 8,
      reason: 'Library helper',
    });
  });

  it('without listed reasons the reason is typed, and an empty duration is sent as none', async () => {
    const { api, user } = setup({ reasons: [] });
    // the listed reasons load first (a disabled Select); with none, the reason is a text field
    await waitFor(() => expect(reasonInput()).not.toHaveAttribute('aria-haspopup'));
    await user.type(reasonInput(), 'Book fair');
    await user.click(submitButton());
    await screen.findByTestId('location');
    const body = checkInRequests(api)[0]!.body;
    expect(body).toMatchObject({ visitReasonId: null, reason: 'Book fair', allowedMinutes: null });
    expect(ZCheckInRequest.safeParse(body).success).toBe(true);
  });

  it('a duration over a day is brought back within the contract’s limit', async () => {
    const { api, user } = setup();
    const duration = await screen.findByLabelText(t('visitorFlow.checkIn.duration'));
    await user.type(duration, '5000');
    await user.click(submitButton());
    await screen.findByTestId('location');
    const body = checkInRequests(api)[0]!.body as { allowedMinutes: number };
    expect(body.allowedMinutes).toBeLessThanOrEqual(24 * 60);
    expect(ZCheckInRequest.safeParse(body).success).toBe(true);
  });

  it('a required photo: Check In opens the photo dialog, and saving the photo on file checks in with it', async () => {
    fakeCamera();
    const { api, user } = setup({
      building: { requireAttendantVisitorPhotoCheckIn: true },
      visitor: { photoFileId: PHOTO_ON_FILE },
    });
    expect(await screen.findByText(t('visitorFlow.checkIn.photoRequired'))).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.pictureVerification });
    expect(checkInRequests(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.photo.save') }));
    await screen.findByTestId('location');
    expect(checkInRequests(api)[0]!.body).toMatchObject({ photoFileId: PHOTO_ON_FILE });
  });

  it('a required photo with none on file: saving without a picture asks for a retake and sends nothing', async () => {
    fakeCamera({ fails: true });
    const { api, user } = setup({ building: { requireAttendantVisitorPhotoCheckIn: true } });
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.pictureVerification });
    expect(await within(dialog).findByText(t('visitorFlow.photo.cameraFailed'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.photo.save') }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.pictureRetake })).toBeInTheDocument();
    expect(screen.getByText(/^A photo is required. Take a picture of \S.* to continue.$/)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a picture taken with the camera is uploaded, and the check-in names the uploaded file', async () => {
    const camera = fakeCamera();
    const { api, user } = setup({
      building: { requireAttendantVisitorPhotoCheckIn: true },
      api: (a) => a.on('POST', '/api/visitors/7/photo', { photoFileId: UPLOADED }),
    });
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.pictureVerification });
    const take = within(dialog).getByRole('button', { name: t('visitorFlow.photo.capture') });
    await waitFor(() => expect(take).toBeEnabled());
    await user.click(take);
    expect(await within(dialog).findByTestId('captured-photo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.photo.save') }));
    await screen.findByTestId('location');
    const [upload] = api.calls('POST', '/api/visitors/7/photo');
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(camera.getUserMedia).toHaveBeenCalled();
    expect(checkInRequests(api)[0]!.body).toMatchObject({ photoFileId: UPLOADED });
  });

  it('a photo not required: skipping the camera checks in without one', async () => {
    fakeCamera();
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: t('visitorFlow.checkIn.takePhoto') }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.pictureVerification });
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.photo.skip') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(submitButton());
    await screen.findByTestId('location');
    expect(checkInRequests(api)[0]!.body).toMatchObject({ photoFileId: null });
  });

  it('a check-in the server refuses shows its message, keeps what was typed and offers to try again', async () => {
    const { api, user } = setup({
      api: (a) => a.on('POST', '/api/visits', errorReply(409, SCREENING_MESSAGES.undecidedFindings)),
    });
    await user.type(await findPersonVisiting(), 'Ms. Patel');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SCREENING_MESSAGES.undecidedFindings);
    expect(screen.getByRole('button', { name: t('visitorFlow.checkIn.retry') })).toBeEnabled();
    expect(personVisiting()).toHaveValue('Ms. Patel');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(checkInRequests(api)).toHaveLength(1);
  });

  it('a visitor already checked in cannot be checked in again', async () => {
    setup({
      visitor: {
        openVisit: { id: 800, buildingId: BUILDING_ID, buildingName: 'Lincoln High', checkIn: '2026-11-27T14:00:00Z' },
      },
    });
    expect(
      await screen.findByText(t('visitorFlow.checkIn.alreadyIn', { name: 'Jordan Rivers', building: 'Lincoln High' })),
    ).toBeInTheDocument();
    await findPersonVisiting();
    expect(submitButton()).toBeDisabled();
  });

  it('screened at another building: asks for a screening here and does not submit', async () => {
    setup({ state: { buildingId: BUILDING_ID, screened: { ...screened, buildingId: 12 } } });
    expect(await screen.findByText(t('visitorFlow.checkIn.needsScreening'))).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('a pre-registered visitor starts from the card, and the check-in names it', async () => {
    const { api, user } = setup({
      state: { buildingId: BUILDING_ID, screened, preRegId: 31 },
      api: (a) =>
        a.on('GET', `/api/buildings/${BUILDING_ID}/preregistrations`, {
          data: [preRegistration({ reason: 'Delivery', visiting: 'Front office' })],
          localDate: '2026-11-27',
        }),
    });
    expect(await findPersonVisiting()).toHaveValue('Front office');
    await waitFor(() => expect(reasonInput()).toHaveValue('Delivery'));
    await user.click(submitButton());
    await screen.findByTestId('location');
    expect(checkInRequests(api)[0]!.body).toMatchObject({
      preRegistrationId: 31,
      visitReasonId: 2,
      reason: 'Delivery',
      personVisiting: 'Front office',
    });
  });
  describe('"Person visiting" picks a host (issue 28 §1)', () => {
    it('picking a host from the list sends its hostId, so the host is told on arrival', async () => {
      const { api, user } = setup();
      await user.type(await findPersonVisiting(), 'pat');
      await user.click(await screen.findByRole('option', { name: 'Ms. Patel' }));
      expect(personVisiting()).toHaveValue('Ms. Patel');
      await user.click(submitButton());
      await screen.findByTestId('location');
      expect(checkInRequests(api)[0]!.body).toMatchObject({ personVisiting: 'Ms. Patel', hostId: 41 });
      // the desk's search is of the building's hosts, in the body
      expect(api.calls('POST', '/api/hosts/search').at(-1)!.body).toMatchObject({ buildingId: BUILDING_ID });
    });

    it('a name typed by hand that nobody in the list has is sent as is, with no host', async () => {
      const { api, user } = setup();
      await user.type(await findPersonVisiting(), 'Coach Ray');
      expect(await screen.findByText(t('hosts.picker.noMatch'))).toBeInTheDocument();
      await user.click(submitButton());
      await screen.findByTestId('location');
      expect(checkInRequests(api)[0]!.body).toMatchObject({ personVisiting: 'Coach Ray', hostId: null });
    });

    it('editing the name after picking forgets the pick', async () => {
      const { api, user } = setup();
      await user.type(await findPersonVisiting(), 'park');
      await user.click(await screen.findByRole('option', { name: 'Mr. Park' }));
      await user.type(personVisiting(), ', Room 4');
      await user.click(submitButton());
      await screen.findByTestId('location');
      expect(checkInRequests(api)[0]!.body).toMatchObject({ personVisiting: 'Mr. Park, Room 4', hostId: null });
    });

    it("an invitation's host comes prefilled from its card and is sent", async () => {
      const { api, user } = setup({
        state: { buildingId: BUILDING_ID, screened, preRegId: 31 },
        api: (a) =>
          a.on('GET', `/api/buildings/${BUILDING_ID}/preregistrations`, {
            data: [preRegistration({ visiting: 'Ms. Patel', hostId: 41 })],
            localDate: '2026-11-27',
          }),
      });
      expect(await findPersonVisiting()).toHaveValue('Ms. Patel');
      await waitFor(() => expect(submitButton()).toBeEnabled());
      await user.click(submitButton());
      await screen.findByTestId('location');
      expect(checkInRequests(api)[0]!.body).toMatchObject({ preRegistrationId: 31, hostId: 41 });
      // a prefilled name is not a search
      expect(api.calls('POST', '/api/hosts/search')).toEqual([]);
    });

    it('a user who may not read hosts gets a plain name field and no host search', async () => {
      const api = fakeApi();
      api
        .on('GET', '/api/visitors/7', visitorFixture())
        .on('GET', `/api/buildings/${BUILDING_ID}`, building())
        .on('GET', `/api/buildings/${BUILDING_ID}/visit-reasons?kind=visitor`, { data: [] })
        .on('POST', '/api/visits', checkedIn());
      const { user } = renderWithProviders(<CheckInPage />, {
        path: '/visitor/checkin/:visitorId',
        route: '/visitor/checkin/7',
        state: { buildingId: BUILDING_ID, screened },
        // an account whose role has no 'hosts.read' (the permission map's, not a role check here)
        session: (() => {
          const s = session('attendant');
          return { ...s, user: { ...s.user, roleId: ROLE.Kiosk, roleName: 'Kiosk' } };
        })(),
      });
      await user.type(await findPersonVisiting(), 'Ms. Patel');
      await new Promise((r) => setTimeout(r, 400));
      expect(api.calls('POST', '/api/hosts/search')).toEqual([]);
    });
  });
});
