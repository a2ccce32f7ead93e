import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PASS_MESSAGES } from '@sv/contracts';
import { errorReply, fakeApi } from '../../test/fake-api';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeCamera } from '../../test/fake-camera';
import { BUILDING_ID, session } from '../../test/fixtures';
import { probedState, renderWithProviders } from '../../test/render';
import { ScanModal } from './scan-modal';
import './i18n.en';

const t = (key: string) => i18n.t(key);

/** The signed-in attendant with the user setting scanWithCamera (spec 002 §3 current user). */
function attendant(scanWithCamera: boolean) {
  const s = session('attendant');
  return { ...s, user: { ...s.user, scanWithCamera } };
}

/**
 * Scan modal (spec 002 §2 "camera search", §3 "current user scanWithCamera", §5): a user who scans
 * with the camera gets the camera at once; others get the scanner and a button for the camera
 * (issue 25, audit 002-desk row 54: the setting was only read in code, never tested).
 */
describe('scan modal and the user’s scanWithCamera', () => {
  it('scanWithCamera: the camera starts when the modal opens', async () => {
    const camera = fakeCamera({ fails: true });
    renderWithProviders(<ScanModal mode="in" buildingId={BUILDING_ID} onClose={() => {}} />, {
      session: attendant(true),
    });
    // the refused camera is the proof it was asked for, without a click
    expect(await screen.findByText(t('camera.denied'), {}, { timeout: 5000 })).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('without it: the scanner waits, and the camera is not asked for', async () => {
    const camera = fakeCamera({ fails: true });
    renderWithProviders(<ScanModal mode="in" buildingId={BUILDING_ID} onClose={() => {}} />, {
      session: attendant(false),
    });
    expect(await screen.findByRole('button', { name: t('scan.useCamera') })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    await waitFor(() => expect(camera.getUserMedia).not.toHaveBeenCalled());
  });
});

/**
 * Issue 28 §3: the same scan box reads a visitor pass: a usable one opens that visitor's screening
 * with the invitation's card; a refused one says why, in the server's sentence.
 */
describe('scan modal and a visitor pass', () => {
  const TOKEN = 'SVP1.1a.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
  const typeAndFind = async () => {
    fireEvent.change(screen.getByRole('textbox', { name: t('scan.manualLabel') }), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: t('scan.manualSubmit') }));
  };

  it('a usable pass opens the screening of its visitor, with the card', async () => {
    fakeCamera({ fails: true });
    const api = fakeApi().on('POST', '/api/visitor-passes/scan', {
      preRegistrationId: 77,
      visitorId: 12,
      hostId: 3,
      visiting: 'Dana Chen',
    });
    renderWithProviders(<ScanModal mode="in" buildingId={BUILDING_ID} onClose={() => {}} />, {
      session: attendant(false),
    });
    await typeAndFind();
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/background/visitor/12/77');
    expect(probedState(probe)).toEqual({ buildingId: BUILDING_ID, preRegId: 77 });
    expect(api.requests.find((r) => r.path === '/api/visitor-passes/scan')?.body).toEqual({
      token: TOKEN,
      buildingId: BUILDING_ID,
    });
    // a pass is never sent to the badge / licence search
    expect(api.requests.some((r) => r.path === '/api/scans')).toBe(false);
  });

  it('a refused pass says why', async () => {
    fakeCamera({ fails: true });
    fakeApi().on('POST', '/api/visitor-passes/scan', errorReply(409, PASS_MESSAGES.otherBuilding, 'CONFLICT'));
    renderWithProviders(<ScanModal mode="in" buildingId={BUILDING_ID} onClose={() => {}} />, {
      session: attendant(false),
    });
    await typeAndFind();
    expect(await screen.findByTestId('pass-refused')).toHaveTextContent(PASS_MESSAGES.otherBuilding);
  });
});
