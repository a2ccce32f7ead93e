import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { preRegistration } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PendingCard, ScheduledCard } from './preregistration-cards';
import './i18n.en';

/**
 * The dashboard's pre-registration cards (spec 002 §2, §4 Pending visitor; issue 22 flagged cards;
 * audit 002 B5): what each state shows and which action each button starts.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
const TODAY = '2026-11-27';

function pending(
  card = preRegistration({ status: 'pending', bgResults: false }),
  busy: 'allow' | 'deny' | 'close' | null = null,
) {
  const handlers = { onAllow: vi.fn(), onDeny: vi.fn(), onClose: vi.fn() };
  const view = renderWithProviders(<PendingCard card={card} today={TODAY} busy={busy} {...handlers} />);
  return { ...view, ...handlers, card: screen.getByRole('article', { name: 'Jordan Rivers' }) };
}

function scheduled(card = preRegistration(), busy = false) {
  const handlers = { onCheckIn: vi.fn(), onCancelCheckIn: vi.fn() };
  const view = renderWithProviders(<ScheduledCard card={card} today={TODAY} busy={busy} {...handlers} />);
  return { ...view, ...handlers, card: screen.getByTestId('scheduled-card') };
}

describe('PendingCard', () => {
  it('shows the person, what they came for and the issue counts with their summary', () => {
    const { card } = pending(
      preRegistration({
        status: 'pending',
        bgResults: false,
        issues: {
          exclusionCount: 1,
          potentialCount: 2,
          watchdogCount: 3,
          summary: ['Possible exclusion match: J. Rivers', 'Registry match (Level 4)'],
          findings: [],
        },
      }),
    );
    expect(card).toHaveTextContent('Jordan Rivers');
    expect(card).toHaveTextContent(`${t('dashboard.type.visitor')} · ${t('dashboard.dob', { dob: '04/12/1980' })}`);
    expect(card).toHaveTextContent('Ms. Patel');
    expect(card).toHaveTextContent('Parent conference');
    expect(within(card).getByTestId('issue-counts')).toHaveTextContent(
      t('dashboard.issueCounts', { exclusion: 1, potential: 2, watchdog: 3 }),
    );
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Possible exclusion match: J. Rivers', 'Registry match (Level 4)']);
    expect(card).not.toHaveTextContent(t('dashboard.noIssueDetails'));
    // today's card does not repeat the date
    expect(card).not.toHaveTextContent(t('dashboard.visitDate', { date: '11/27/2026' }));
  });

  it('says when no details were recorded, and gives a card of another day its date', () => {
    const { card } = pending(preRegistration({ status: 'pending', visitDate: '2026-11-30', visiting: '', reason: '' }));
    expect(card).toHaveTextContent(t('dashboard.noIssueDetails'));
    expect(card).toHaveTextContent(t('dashboard.visitDate', { date: '11/30/2026' }));
    expect(card).not.toHaveTextContent(t('dashboard.visiting'));
  });

  it('each button starts its own action, named with the person', async () => {
    const { user, onAllow, onDeny, onClose } = pending();
    await user.click(screen.getByRole('button', { name: 'Allow Jordan Rivers' }));
    expect(onAllow).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Deny Jordan Rivers' }));
    expect(onDeny).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close Jordan Rivers' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAllow).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['allow', 'Allow Jordan Rivers'],
    ['deny', 'Deny Jordan Rivers'],
    ['close', 'Close Jordan Rivers'],
  ] as const)('while %s is saving, the other two are disabled', (busy, busyName) => {
    pending(undefined, busy);
    const buttons = ['Allow Jordan Rivers', 'Deny Jordan Rivers', 'Close Jordan Rivers'];
    for (const name of buttons) {
      const button = screen.getByRole('button', { name });
      if (name === busyName) expect(button).toHaveAttribute('data-loading', 'true');
      else expect(button).toBeDisabled();
    }
  });
});

describe('ScheduledCard', () => {
  it('expected today: Check in starts the check-in', async () => {
    const { user, card, onCheckIn, onCancelCheckIn } = scheduled();
    expect(card).not.toHaveAttribute('data-flagged');
    expect(within(card).queryByTestId('card-flag')).not.toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: t('dashboard.scheduledCheckInName', { name: 'Jordan Rivers' }) }),
    );
    expect(onCheckIn).toHaveBeenCalledTimes(1);
    expect(onCancelCheckIn).not.toHaveBeenCalled();
  });

  it('flagged before arrival: said in words, with what it resembles and why', () => {
    const { card } = scheduled(
      preRegistration({
        flagged: true,
        flagReasons: [
          { exclusionId: 91, label: 'Jordan Rivers (exclusion)', reasons: ['same name', 'same date of birth'] },
        ],
      }),
    );
    expect(card).toHaveAttribute('data-flagged', 'true');
    expect(screen.getByRole('article', { name: `Jordan Rivers: ${t('dashboard.flagged')}` })).toBe(card);
    const flag = within(card).getByTestId('card-flag');
    expect(flag).toHaveTextContent(t('dashboard.flagged'));
    expect(flag).toHaveTextContent('Jordan Rivers (exclusion) (same name, same date of birth)');
    expect(flag).toHaveTextContent(t('dashboard.flaggedHint'));
    // still checked in through screening: the button is there
    expect(within(card).getByRole('button', { name: /Check in/ })).toBeEnabled();
  });

  it('checked in: a badge says so, the flag is no longer shown and Cancel check-in is offered', async () => {
    const { user, card, onCancelCheckIn, onCheckIn } = scheduled(
      preRegistration({
        status: 'checked_in',
        flagged: true,
        flagReasons: [{ exclusionId: 91, label: 'X', reasons: [] }],
      }),
    );
    expect(card).toHaveTextContent(t('dashboard.statusCheckedIn'));
    expect(within(card).queryByTestId('card-flag')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Check in/ })).not.toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: t('dashboard.cancelCheckInName', { name: 'Jordan Rivers' }) }),
    );
    expect(onCancelCheckIn).toHaveBeenCalledTimes(1);
    expect(onCheckIn).not.toHaveBeenCalled();
  });

  it('checked out: nothing to cancel or check in', () => {
    const { card } = scheduled(preRegistration({ status: 'checked_out' }));
    expect(card).toHaveTextContent(t('dashboard.statusCheckedOut'));
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('busy: the action shows it is working', () => {
    const { card } = scheduled(preRegistration(), true);
    expect(within(card).getByRole('button', { name: /Check in/ })).toHaveAttribute('data-loading', 'true');
  });
});
