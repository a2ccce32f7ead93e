import { MESSAGES, type TScreeningResponse, ZClearMatchRequest, ZDenyEntryRequest } from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, fakeApi } from '../../test/fake-api';
import {
  BUILDING_ID,
  building,
  match,
  SCREENING_ID,
  screening,
  session,
  visitor as visitorFixture,
} from '../../test/fixtures';
import { probedState, renderWithProviders } from '../../test/render';
import ScreeningPage from './screening-page';
import './i18n.en';

/**
 * Allow / Deny Entry (spec 002 §4–§5, audit 002 B8/B9): every decision branch of the screen, from
 * the server's screening answer to the request the attendant's decision sends.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

function setup(answer: TScreeningResponse | ((call: number) => TScreeningResponse), opts: { admin?: boolean } = {}) {
  const api = fakeApi();
  let screenings = 0;
  api
    .on('GET', '/api/visitors/7', visitorFixture())
    .on('GET', `/api/buildings/${BUILDING_ID}`, building())
    .on('POST', '/api/visitors/7/screening', () => {
      screenings += 1;
      return typeof answer === 'function' ? answer(screenings) : answer;
    });
  if (opts.admin)
    api.on('GET', '/api/buildings/lookup?activeOnly=true', {
      data: [{ id: BUILDING_ID, clientId: 5, name: 'Lincoln High', active: true }],
    });
  const view = renderWithProviders(<ScreeningPage />, {
    path: '/background/:type/:visitorId/:preRegId?',
    route: '/background/visitor/7',
    state: { buildingId: BUILDING_ID },
    session: session(opts.admin ? 'admin' : 'attendant'),
  });
  return { api, ...view };
}

const verdict = async (key: string) => {
  const box = await screen.findByTestId('verdict');
  await waitFor(() => expect(box).toHaveAttribute('data-verdict', key));
  return box;
};
const allowButton = () => screen.getByRole('button', { name: t('visitorFlow.screen.allow') });
const denyButton = () => screen.getByRole('button', { name: 'Deny' });

describe('Allow / Deny Entry', () => {
  it('no matches: says so and Allow Entry goes to check-in naming this screening', async () => {
    const { api, user } = setup(screening());
    const box = await verdict('clear');
    expect(within(box).getByTestId('verdict-title')).toHaveTextContent(t('visitorFlow.screen.verdictClear'));
    expect(screen.getByText(t('visitorFlow.screen.exclusionsNone'))).toBeInTheDocument();
    expect(screen.getByText(t('visitorFlow.screen.registryNone'))).toBeInTheDocument();
    expect(screen.queryByTestId('allow-hint')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/visitors/7/screening')[0]!.body).toEqual({ buildingId: BUILDING_ID });

    await user.click(allowButton());
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/visitor/checkin/7');
    expect(probedState(where)).toMatchObject({
      buildingId: BUILDING_ID,
      screened: { visitorId: 7, buildingId: BUILDING_ID, screeningId: SCREENING_ID },
    });
  });

  it('a linked exclusion blocks entry: Allow is disabled and Deny records the denial with its counts', async () => {
    const { api, user } = setup(
      screening({
        direct: [match({ kind: 'direct', id: '91', typeLabel: 'Court order', exclusionReason: 'Threats' })],
      }),
    );
    api.on('POST', '/api/visitors/7/denials', {
      securityNotified: true,
      message: 'Entry denied. Security has been notified.',
      offerAddExclusion: false,
    });
    const box = await verdict('blocked');
    expect(box).toHaveTextContent(t('visitorFlow.screen.verdictBlocked'));
    expect(box).toHaveTextContent(t('visitorFlow.screen.summaryDirect', { count: 1 }));
    expect(allowButton()).toBeDisabled();
    expect(screen.getByTestId('allow-hint')).toHaveTextContent(t('visitorFlow.screen.allowBlockedDirect'));
    const card = screen.getByTestId('screening-match');
    expect(card).toHaveAttribute('data-kind', 'direct');
    expect(card).toHaveTextContent(t('visitorFlow.screen.directBadge'));
    expect(within(card).getByTestId('match-exclusion-reason')).toHaveTextContent('Threats');
    // a linked exclusion is never "cleared" from here
    expect(within(card).queryByRole('button', { name: /clear/i })).not.toBeInTheDocument();

    await user.click(denyButton());
    await verdict('denied');
    const [deny] = api.calls('POST', '/api/visitors/7/denials');
    expect(ZDenyEntryRequest.parse(deny!.body)).toEqual({
      buildingId: BUILDING_ID,
      exclusionCount: 1,
      potentialCount: 0,
      watchdogCount: 0,
      level: null,
      preRegistrationId: null,
    });
    expect(deny!.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByTestId('deny-result')).toHaveTextContent('Entry denied. Security has been notified.');
    expect(screen.queryByRole('button', { name: t('visitorFlow.screen.allow') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('visitorFlow.done') })).toBeInTheDocument();
  });

  it('a denial that could not reach security says so', async () => {
    const { api, user } = setup(screening({ direct: [match({ kind: 'direct', id: '91' })] }));
    api.on('POST', '/api/visitors/7/denials', {
      securityNotified: false,
      message: 'Entry denied. Security could not be notified: call them.',
      offerAddExclusion: false,
    });
    await verdict('blocked');
    await user.click(denyButton());
    expect(await screen.findByTestId('deny-result')).toHaveTextContent(
      'Entry denied. Security could not be notified: call them.',
    );
    // the toast is a warning (orange), not a success
    const toast = await screen.findByText('Entry denied. Security could not be notified: call them.', {
      selector: '.mantine-Notification-description',
    });
    expect(toast.closest('.mantine-Notification-root')).toHaveStyle({
      '--notification-color': 'var(--mantine-color-orange-filled)',
    });
  });

  it('a refused denial keeps the decision on screen and shows the server’s message', async () => {
    const { api, user } = setup(screening({ direct: [match({ kind: 'direct', id: '91' })] }));
    api.on('POST', '/api/visitors/7/denials', errorReply(409, 'This visitor was already denied today.'));
    await verdict('blocked');
    await user.click(denyButton());
    expect(await screen.findByText('This visitor was already denied today.')).toBeInTheDocument();
    expect(screen.getByTestId('verdict')).toHaveAttribute('data-verdict', 'blocked');
    expect(denyButton()).toBeEnabled();
  });

  it('Notify Security sends what the attendant wrote, starting from who and where', async () => {
    const { api, user } = setup(screening({ direct: [match({ kind: 'direct', id: '91' })] }));
    api.on('POST', '/api/visitors/7/security-notifications', { notified: 2, message: 'Security has been notified.' });
    await verdict('blocked');
    await user.click(screen.getByRole('button', { name: t('visitorFlow.screen.notifySecurity') }));
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.notifyTitle') });
    const issues = within(dialog).getByLabelText(t('visitorFlow.screen.notifyIssues'));
    expect(issues).toHaveValue('Jordan Rivers is at Lincoln High.\n1 linked exclusion');
    await user.type(issues, '\nAt the east door.');
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.screen.notifySend') }));
    expect(await screen.findByText('Security has been notified.')).toBeInTheDocument();
    const [sent] = api.calls('POST', '/api/visitors/7/security-notifications');
    expect(sent!.body).toEqual({
      buildingId: BUILDING_ID,
      issues: 'Jordan Rivers is at Lincoln High.\n1 linked exclusion\nAt the east door.',
      level: null,
    });
    expect(sent!.headers['idempotency-key']).toBeTruthy();
  });

  it('a notification security could not get says spec 002 §8’s sentence, and the dialog stays (audit 002-desk row 93)', async () => {
    const { api, user } = setup(screening({ direct: [match({ kind: 'direct', id: '91' })] }));
    api.on('POST', '/api/visitors/7/security-notifications', errorReply(500, 'Internal error'));
    await verdict('blocked');
    await user.click(screen.getByRole('button', { name: t('visitorFlow.screen.notifySecurity') }));
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.notifyTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.screen.notifySend') }));
    expect(await screen.findByText(MESSAGES.securityNotifyFailed)).toBeInTheDocument();
    expect(MESSAGES.securityNotifyFailed).toBe('Unable to notify security of this user on the premises.');
    expect(screen.getByRole('dialog', { name: t('visitorFlow.screen.notifyTitle') })).toBeInTheDocument();
  });

  it('a registry match needs a decision: clearing it sends the note and the screening is asked again', async () => {
    const registryMatch = match({
      kind: 'registry',
      id: 'nsopw:123',
      level: 4,
      levelLabel: 'Level 4 — name and year of birth',
      jurisdiction: 'IL',
      dob: '1980',
      reasons: ['Same first and last name', 'Same year of birth'],
    });
    const { api, user } = setup((call) =>
      call === 1
        ? screening({ registry: [registryMatch] })
        : screening({
            registry: [
              { ...registryMatch, cleared: true, clearedBy: 'Avery Attendant', clearedAt: '2026-11-27T15:31:00.000Z' },
            ],
          }),
    );
    api.on('POST', '/api/visitors/7/cleared-matches', (req) => {
      const body = ZClearMatchRequest.parse(req.body);
      return {
        id: 1,
        screeningId: body.screeningId,
        visitorId: 7,
        source: body.source,
        matchRef: body.matchRef,
        clearedBy: 3,
        clearedAt: '2026-11-27T15:31:00.000Z',
      };
    });
    const box = await verdict('review');
    expect(box).toHaveTextContent(t('visitorFlow.screen.verdictReview', { count: 1 }));
    expect(box).toHaveTextContent(t('visitorFlow.screen.summaryRegistry', { count: 1 }));
    expect(allowButton()).toBeDisabled();
    expect(screen.getByTestId('allow-hint')).toHaveTextContent(
      t('visitorFlow.screen.allowBlockedIssues', { count: 1 }),
    );
    const card = screen.getByTestId('screening-match');
    expect(card).toHaveTextContent(t('visitorFlow.screen.registryBadge'));
    expect(card).toHaveTextContent(t('visitorFlow.screen.openBadge'));

    await user.click(
      within(card).getByRole('button', { name: `${t('visitorFlow.screen.clearAction')}: Jordan Rivers` }),
    );
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.clearTitle') });
    await user.type(within(dialog).getByLabelText(t('visitorFlow.screen.clearNote')), 'Different middle name on ID');
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.screen.clearConfirm') }));

    await verdict('clear-after-clearing');
    expect(api.calls('POST', '/api/visitors/7/cleared-matches')[0]!.body).toEqual({
      screeningId: SCREENING_ID,
      source: 'registry',
      matchRef: 'nsopw:123',
      note: 'Different middle name on ID',
    });
    expect(api.calls('POST', '/api/visitors/7/screening')).toHaveLength(2);
    expect(allowButton()).toBeEnabled();
  });

  it('clearing a possible exclusion match names the exclusion source', async () => {
    const { api, user } = setup(
      screening({ potential: [match({ kind: 'potential', id: '44', firstName: 'Jordyn' })] }),
    );
    api.on('POST', '/api/visitors/7/cleared-matches', errorReply(409, 'That result was not shown in this screening.'));
    const box = await verdict('review');
    expect(box).toHaveTextContent(t('visitorFlow.screen.summaryPotential', { count: 1 }));
    await user.click(screen.getByRole('button', { name: `${t('visitorFlow.screen.clearAction')}: Jordyn Rivers` }));
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.clearTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.screen.clearConfirm') }));
    expect(await screen.findByText('That result was not shown in this screening.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/visitors/7/cleared-matches')[0]!.body).toEqual({
      screeningId: SCREENING_ID,
      source: 'exclusion',
      matchRef: '44',
    });
    // refused: the match is still open and Allow still disabled
    expect(screen.getByTestId('verdict')).toHaveAttribute('data-verdict', 'review');
    expect(allowButton()).toBeDisabled();
  });

  it('cleared matches: not "No matches" — who cleared each and when, in the building’s time zone', async () => {
    const { user } = setup(
      screening({
        potential: [
          match({
            kind: 'potential',
            id: '44',
            cleared: true,
            clearedBy: 'Avery Attendant',
            clearedAt: '2026-11-27T15:30:00.000Z',
          }),
        ],
        registry: [match({ kind: 'registry', id: 'nsopw:9', cleared: true, clearedAt: '2026-11-20T20:05:00.000Z' })],
      }),
    );
    const box = await verdict('clear-after-clearing');
    expect(box).toHaveTextContent(t('visitorFlow.screen.verdictClearAfterClearing', { count: 2 }));
    expect(box).not.toHaveTextContent(t('visitorFlow.screen.verdictClear'));
    const cleared = screen.getAllByTestId('match-cleared-by').map((el) => el.textContent);
    expect(cleared).toEqual(['Cleared by Avery Attendant on 11/27/2026, 9:30 AM', 'Cleared on 11/20/2026, 2:05 PM']);
    for (const card of screen.getAllByTestId('screening-match')) {
      expect(card).toHaveAttribute('data-cleared', 'true');
      expect(card).toHaveTextContent(t('visitorFlow.screen.clearedBadge'));
      expect(within(card).queryByRole('button', { name: /clear/i })).not.toBeInTheDocument();
    }
    expect(allowButton()).toBeEnabled();
    await user.click(allowButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/visitor/checkin/7');
  });

  it('a strong registry match is said apart, with its confidence level on the card', async () => {
    setup(
      screening({
        registry: [
          match({
            kind: 'registry',
            id: 'nsopw:1',
            level: 6,
            levelLabel: 'Level 6 — exact name and date of birth',
            absconder: true,
          }),
        ],
      }),
    );
    const box = await verdict('review-strong');
    expect(box).toHaveTextContent(
      t('visitorFlow.screen.verdictReviewStrong', {
        name: 'Jordan Rivers',
        level: 'Level 6 — exact name and date of birth',
      }),
    );
    const card = screen.getByTestId('screening-match');
    expect(within(card).getByTestId('match-level')).toHaveTextContent('Level 6 — exact name and date of birth');
    expect(card).toHaveTextContent(t('visitorFlow.screen.absconder'));
    expect(within(card).getByTestId('dob-compare')).toHaveTextContent(t('visitorFlow.screen.dobSame'));
    expect(allowButton()).toBeDisabled();
  });

  it('confidence display: a different date of birth is shown as such, reasons strongest first', async () => {
    setup(
      screening({
        registry: [
          match({
            kind: 'registry',
            id: 'nsopw:2',
            level: 2,
            levelLabel: 'Level 2 — name only',
            dob: '1975-01-01',
            reasons: ['Same first and last name', 'Date of birth differs'],
          }),
        ],
      }),
    );
    await verdict('review');
    const card = screen.getByTestId('screening-match');
    expect(within(card).getByTestId('match-level')).toHaveTextContent('Level 2 — name only');
    expect(within(card).getByTestId('dob-compare')).toHaveTextContent(t('visitorFlow.screen.dobDiffers'));
    expect(
      within(within(card).getByTestId('match-reasons'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Same first and last name', 'Date of birth differs']);
  });

  it('a registry namesake shown for information does not stop entry', async () => {
    setup(
      screening({
        registry: [match({ kind: 'registry', id: 'nsopw:3', level: 1, levelLabel: 'Level 1', gating: false })],
      }),
    );
    await verdict('clear');
    const info = screen.getByTestId('registry-information');
    expect(info).toHaveTextContent(t('visitorFlow.screen.registryInformation', { count: 1 }));
    expect(within(info).getByTestId('screening-match')).toHaveTextContent(t('visitorFlow.screen.informationBadge'));
    expect(allowButton()).toBeEnabled();
  });

  it('registry failed: Allow asks first, then records the overrule and goes to check-in', async () => {
    const { api, user } = setup(
      screening({ registryStatus: 'failed', registryMessage: MESSAGES.backgroundCheckFailed }),
    );
    api.on('POST', '/api/visitors/7/cleared-matches', (req) => ({
      id: 2,
      screeningId: SCREENING_ID,
      visitorId: 7,
      source: 'registry_status',
      matchRef: (req.body as { matchRef: string }).matchRef,
      clearedBy: 3,
      clearedAt: '2026-11-27T15:31:00.000Z',
    }));
    const box = await verdict('registry-failed');
    expect(within(box).getByRole('alert')).toHaveTextContent(MESSAGES.backgroundCheckFailed);
    await user.click(allowButton());
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.allowWithoutRegistryTitle') });
    // nothing is sent until the attendant confirms
    expect(api.calls('POST', '/api/visitors/7/cleared-matches')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t('visitorFlow.screen.allowAnyway') }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/visitor/checkin/7');
    expect(api.calls('POST', '/api/visitors/7/cleared-matches')[0]!.body).toEqual({
      screeningId: SCREENING_ID,
      source: 'registry_status',
      matchRef: 'failed',
    });
  });

  it('background check not run: cancelling the question stays on the screen', async () => {
    const { api, user } = setup(
      screening({
        registryStatus: 'not_run',
        registryMessage: 'Background check requires first name, last name and date of birth.',
      }),
    );
    const box = await verdict('not-run');
    expect(box).toHaveTextContent('Background check requires first name, last name and date of birth.');
    await user.click(allowButton());
    const dialog = await screen.findByRole('dialog', { name: t('visitorFlow.screen.allowNotRunTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/visitors/7/cleared-matches')).toHaveLength(0);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('a screening the server could not run blocks Allow and offers to run it again', async () => {
    const { api, user } = setup(screening());
    api.on('POST', '/api/visitors/7/screening', errorReply(500, 'The screening service is down.'));
    const box = await verdict('error');
    expect(box).toHaveTextContent(t('visitorFlow.screen.failed'));
    expect(allowButton()).toBeDisabled();
    expect(screen.getByText('The screening service is down.')).toBeInTheDocument();
    api.on('POST', '/api/visitors/7/screening', screening());
    const alert = screen.getByText('The screening service is down.').closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: t('visitorFlow.screen.rerun') }));
    await verdict('clear');
    expect(allowButton()).toBeEnabled();
  });

  it('an administrator without a linked exclusion is offered Deny & Add Exclusion', async () => {
    setup(screening({ potential: [match({ kind: 'potential', id: '44' })] }), { admin: true });
    await verdict('review');
    expect(screen.getByRole('button', { name: 'Deny & Add Exclusion' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Deny' })).not.toBeInTheDocument();
  });
});

/** issue 29 §3: the verdict is announced at once (an assertive live region, components/announcer). */
describe('the screening verdict for screen readers', () => {
  const assertive = () => screen.getByTestId('announcer-assertive');

  it('clear: said assertively once the answer lands, never while checking', async () => {
    setup(screening());
    expect(assertive()).not.toHaveTextContent(t('visitorFlow.screen.checking'));
    await verdict('clear');
    await waitFor(() => expect(assertive()).toHaveTextContent(t('visitorFlow.screen.verdictClear')));
    expect(assertive()).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByTestId('announcer-polite')).toBeEmptyDOMElement();
  });

  it('a possible match: the count of matches needing a decision is said', async () => {
    setup(screening({ registry: [match({ kind: 'registry', id: 'nsopw:1', level: 4 })] }));
    await verdict('review');
    await waitFor(() => expect(assertive()).toHaveTextContent(t('visitorFlow.screen.verdictReview', { count: 1 })));
  });

  it('excluded: entry blocked is said', async () => {
    setup(screening({ direct: [match({ kind: 'direct', id: '91' })] }));
    await verdict('blocked');
    await waitFor(() => expect(assertive()).toHaveTextContent(t('visitorFlow.screen.verdictBlocked')));
  });
});
