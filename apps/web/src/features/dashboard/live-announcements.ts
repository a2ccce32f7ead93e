import type { TPreRegistration, TVisitSummary } from '@sv/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../components/announcer';
import { fullName } from './format';
import './i18n.en';

/** Above this many changes of one kind in one refresh, a count is said instead of each name. */
const NAMES_AT_MOST = 3;

type Snapshot = { visits: TVisitSummary[]; pending: TPreRegistration[] };

/**
 * The short sentences a screen reader hears for what changed on the live dashboard between two
 * answers of its lists (issue 29 §3): visitors checked in (a new open visit) or out (an open visit
 * gone), and cards newly awaiting a decision (flagged ones said as such). Nothing for what stayed.
 */
export function describeDashboardChanges(before: Snapshot, after: Snapshot, t: TFunction): string[] {
  const visitIdsBefore = new Set(before.visits.map((v) => v.id));
  const visitIdsAfter = new Set(after.visits.map((v) => v.id));
  const cardIdsBefore = new Set(before.pending.map((c) => c.id));
  const arrived = after.visits.filter((v) => !visitIdsBefore.has(v.id));
  const left = before.visits.filter((v) => !visitIdsAfter.has(v.id));
  const newCards = after.pending.filter((c) => !cardIdsBefore.has(c.id));

  const said: string[] = [];
  if (arrived.length > NAMES_AT_MOST) said.push(t('dashboard.live.checkedInMany', { count: arrived.length }));
  else for (const v of arrived) said.push(t('dashboard.live.checkedIn', { name: v.visitorName }));
  if (left.length > NAMES_AT_MOST) said.push(t('dashboard.live.checkedOutMany', { count: left.length }));
  else for (const v of left) said.push(t('dashboard.live.checkedOut', { name: v.visitorName }));
  if (newCards.length > NAMES_AT_MOST) said.push(t('dashboard.live.pendingMany', { count: newCards.length }));
  else
    for (const c of newCards)
      said.push(
        t(c.flagged ? 'dashboard.live.flagged' : 'dashboard.live.pending', { name: fullName(c.firstname, c.lastname) }),
      );
  return said;
}

/**
 * Announces the dashboard's changes politely (components/announcer) as its lists refresh — after a
 * push from the building's event stream, or the polling fallback. The first answer of a building
 * is the starting point, not a change; so is a building switch.
 */
export function useAnnounceDashboardChanges(
  buildingId: number | null,
  visits: TVisitSummary[] | undefined,
  pending: TPreRegistration[] | undefined,
) {
  const { t } = useTranslation();
  const last = useRef<{ buildingId: number | null; snapshot: Snapshot } | null>(null);
  useEffect(() => {
    if (!visits || !pending) return;
    const snapshot = { visits, pending };
    const prev = last.current;
    last.current = { buildingId, snapshot };
    if (!prev || prev.buildingId !== buildingId) return;
    for (const sentence of describeDashboardChanges(prev.snapshot, snapshot, t)) announce.polite(sentence);
  }, [buildingId, visits, pending, t]);
}
