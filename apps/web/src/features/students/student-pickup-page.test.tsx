import { MESSAGES, ZPickupRequest, ZStudentReason } from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, type FakeApi, fakeApi } from '../../test/fake-api';
import { fakeCamera } from '../../test/fake-camera';
import { BUILDING_ID, CLIENT_ID, guardianList, pickupCheck, SCREENING_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import StudentPickupPage from './student-pickup-page';
import './i18n.en';
import '../visitor-flow/i18n.en';

/**
 * Student Pickup (spec 002 §4 Pickup, §5 "pickup only where canPickup"; issue 12; issue 22 verified
 * adult): who may collect the student, the server's check before the dialog, and the dialog's
 * photo, reason and ID check, down to the release request it sends.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const UPLOADED = '9e8d7c6b-5a49-4382-a716-0f1e2d3c4b5a';
const reasons = [
  ZStudentReason.parse({
    id: 71,
    clientId: CLIENT_ID,
    kind: 'pickup',
    name: 'Appointment',
    nameEs: '',
    isExcused: false,
    active: true,
    sortOrder: 1,
    version: 1,
  }),
];

function setup(more?: (api: FakeApi) => void) {
  const api = fakeApi();
  api
    .on('GET', `/api/students/41/guardians?buildingId=${BUILDING_ID}&mode=general`, guardianList())
    .on('GET', `/api/student-reasons?kind=pickup&activeOnly=true&clientId=${CLIENT_ID}&sort=sortOrder&perPage=100`, {
      data: reasons,
    })
    .on('POST', '/api/students/41/pickup-checks', pickupCheck())
    .on('POST', '/api/students/41/pickup-photo', { photoFileId: UPLOADED })
    .on('POST', '/api/students/41/pickups', { id: 500, message: MESSAGES.pickupRecorded });
  more?.(api);
  const view = renderWithProviders(<StudentPickupPage />, {
    path: '/student/pickup/:nameId',
    route: '/student/pickup/41',
    session: session('attendant'),
  });
  return { api, ...view };
}
type User = ReturnType<typeof setup>['user'];

const pickupButton = () =>
  screen.findByRole('button', {
    name: t('students.pickup.actionFor', { student: 'Sam Rivers', guardian: 'Jordan Rivers' }),
  });

async function openDialog(user: User) {
  await user.click(await pickupButton());
  return screen.findByRole('dialog', { name: MESSAGES.pictureVerification });
}

async function takePicture(user: User, dialog: HTMLElement) {
  const take = within(dialog).getByRole('button', { name: t('visitorFlow.photo.capture') });
  await waitFor(() => expect(take).toBeEnabled());
  await user.click(take);
  await within(dialog).findByTestId('captured-photo');
}

async function chooseReason(user: User, dialog: HTMLElement) {
  const input = within(dialog)
    .getAllByLabelText(new RegExp(t('students.pickup.reason')))
    .find((el) => el.tagName === 'INPUT')!;
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: 'Appointment' }));
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: t('students.pickup.save') });

describe('Student Pickup', () => {
  it('a guardian who may collect has the Pickup action; one who may not has a cross and the reason', async () => {
    setup();
    expect(await pickupButton()).toBeEnabled();
    const refused = screen.getByTestId('not-allowed-52');
    expect(refused).toHaveTextContent(`${t('students.pickup.notAllowed')} A court order on file forbids this pickup.`);
    const rows = screen.getAllByTestId('guardian-row');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pickup-52')).not.toBeInTheDocument();
  });

  it('the server’s check refuses a flagged guardian: said at the top, no dialog', async () => {
    const { api, user } = setup((a) =>
      a.on(
        'POST',
        '/api/students/41/pickup-checks',
        errorReply(403, 'This person cannot collect the student. The office has been alerted.'),
      ),
    );
    await user.click(await pickupButton());
    expect(await screen.findByTestId('pickup-refusal')).toHaveTextContent(
      'This person cannot collect the student. The office has been alerted.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/students/41/pickup-checks')[0]!.body).toEqual({
      buildingId: BUILDING_ID,
      guardianId: 51,
    });
  });

  it('the photo is required: saving without one asks for a retake and releases nothing', async () => {
    fakeCamera({ fails: true });
    const { api, user } = setup();
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(
      t('students.pickup.collecting', { guardian: 'Jordan Rivers', student: 'Sam Rivers' }),
    );
    // no "continue without photo" on a release
    expect(within(dialog).queryByRole('button', { name: t('visitorFlow.photo.skip') })).not.toBeInTheDocument();
    await user.click(save(dialog));
    expect(await screen.findByRole('dialog', { name: MESSAGES.pictureRetake })).toBeInTheDocument();
    // the adult collecting the child, by name, not "the visitor" (issue 25, audit 002-ksl U9)
    expect(screen.getByText('A photo is required. Take a picture of Jordan Rivers to continue.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/students/41/pickups')).toHaveLength(0);
  });

  it('the reason and the ID check are required before the release', async () => {
    fakeCamera();
    const { api, user } = setup();
    const dialog = await openDialog(user);
    await takePicture(user, dialog);
    await user.click(save(dialog));
    expect(
      await within(dialog).findByText(t('students.pickup.reasonPick'), { selector: '.mantine-Select-error' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(t('students.pickup.idRequired'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/students/41/pickup-photo')).toHaveLength(0);
    expect(api.calls('POST', '/api/students/41/pickups')).toHaveLength(0);
    // a reason alone is not enough: the adult's ID must be checked too
    await chooseReason(user, dialog);
    await user.click(save(dialog));
    expect(within(dialog).getByText(t('students.pickup.idRequired'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/students/41/pickup-photo')).toHaveLength(0);
    expect(api.calls('POST', '/api/students/41/pickups')).toHaveLength(0);
  });

  it('a known adult: the release names the photo, reason, screening and how the adult was verified', async () => {
    fakeCamera();
    const { api, user } = setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByTestId('pickup-id-step')).toHaveTextContent(
      t('students.pickup.idOnFile', { what: 'born 04/12/1980, licence IL ••••8901' }),
    );
    await takePicture(user, dialog);
    await chooseReason(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: t('students.pickup.idKnown') }));
    await user.click(save(dialog));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText(MESSAGES.pickupRecorded)).toBeInTheDocument();
    expect((api.calls('POST', '/api/students/41/pickup-photo')[0]!.body as FormData).get('file')).toBeInstanceOf(Blob);
    const [release] = api.calls('POST', '/api/students/41/pickups');
    expect(release!.body).toEqual({
      buildingId: BUILDING_ID,
      guardianId: 51,
      reasonId: 71,
      photoFileId: UPLOADED,
      screeningId: SCREENING_ID,
      verification: { method: 'known_visitor' },
    });
    expect(ZPickupRequest.safeParse(release!.body).success).toBe(true);
    expect(release!.headers['idempotency-key']).toBeTruthy();
  });

  it('nothing on file: only an ID will do, and a typed licence is sent with its date of birth', async () => {
    fakeCamera();
    const { api, user } = setup((a) =>
      a.on(
        'POST',
        '/api/students/41/pickup-checks',
        pickupCheck({
          identity: { onFile: false, dob: null, licenseHint: null },
          notice: 'The registry was not searched: background checks are off for this district.',
        }),
      ),
    );
    const dialog = await openDialog(user);
    expect(within(dialog).getByTestId('pickup-notice')).toHaveTextContent('The registry was not searched');
    expect(within(dialog).getByText(t('students.pickup.idNothingOnFile'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: t('students.pickup.idKnown') })).not.toBeInTheDocument();
    await takePicture(user, dialog);
    await chooseReason(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: t('students.pickup.idTypedMethod') }));
    await user.type(within(dialog).getByRole('textbox', { name: t('students.pickup.idNumber') }), 'D1234567');
    await user.type(within(dialog).getByRole('textbox', { name: t('students.pickup.idState') }), 'il');
    const dob = within(dialog).getByRole('textbox', { name: t('students.pickup.idDob') });
    await user.type(dob, '13312000');
    expect(await within(dialog).findByText(t('students.pickup.idDobInvalid'))).toBeInTheDocument();
    await user.clear(dob);
    await user.type(dob, '04121980');
    await user.click(save(dialog));
    await screen.findByTestId('location');
    expect(api.calls('POST', '/api/students/41/pickups')[0]!.body).toMatchObject({
      verification: { method: 'id_typed', licenseNumber: 'D1234567', licenseState: 'IL', dob: '1980-04-12' },
    });
  });

  it('a release the server refuses closes the dialog and shows why', async () => {
    fakeCamera();
    const { user } = setup((a) =>
      a.on('POST', '/api/students/41/pickups', errorReply(409, 'The screening is too old. Start the pickup again.')),
    );
    const dialog = await openDialog(user);
    await takePicture(user, dialog);
    await chooseReason(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: t('students.pickup.idKnown') }));
    await user.click(save(dialog));
    expect(await screen.findByTestId('pickup-refusal')).toHaveTextContent(
      'The screening is too old. Start the pickup again.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
