import { type TPrintMode, type TSessionUser, type TVisitor, ZCheckInRequest } from '@sv/contracts';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { can } from '../../lib/can';

/** Links of the visitor flow (spec 002 §2 routes): the front-desk entries of lib/paths.ts. */
export const flowPaths = {
  newVisitor: paths.newVisitor,
  verify: paths.verify,
  background: paths.background,
  checkIn: paths.checkIn,
  checkOut: paths.checkOut,
  badge: paths.badge,
  checkedIn: paths.checkedIn,
  checkedOut: paths.checkedOut,
};

/**
 * What one screen hands the next in router navigation state (never the URL: security guide).
 * `screened` proves the visitor went through the allow/deny screen on this page visit.
 */
export interface FlowState {
  buildingId?: number;
  preRegId?: number | null;
  /** the server's screening the check-in names (issue 10 §1) */
  screened?: { visitorId: number; buildingId: number; screeningId: string };
  print?: { mode: TPrintMode; ok: boolean; message: string };
  name?: string;
  /** registered check-in (issue 11): the registration badge that was scanned; `vendor` for a SafeVendor badge */
  registration?: { id: number; type: string; vendor: boolean };
}

export function flowState(state: unknown): FlowState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  const out: FlowState = {};
  if (num(s.buildingId)) out.buildingId = num(s.buildingId);
  if (num(s.preRegId)) out.preRegId = num(s.preRegId);
  if (s.screened && typeof s.screened === 'object') {
    const sc = s.screened as Record<string, unknown>;
    const visitorId = num(sc.visitorId);
    const buildingId = num(sc.buildingId);
    const screeningId = typeof sc.screeningId === 'string' ? sc.screeningId : '';
    if (visitorId && buildingId && screeningId) out.screened = { visitorId, buildingId, screeningId };
  }
  if (s.print && typeof s.print === 'object') out.print = s.print as FlowState['print'];
  if (typeof s.name === 'string') out.name = s.name;
  if (s.registration && typeof s.registration === 'object') {
    const r = s.registration as Record<string, unknown>;
    const id = num(r.id);
    if (id && typeof r.type === 'string') out.registration = { id, type: r.type, vendor: r.vendor === true };
  }
  return out;
}

/** Route ids: a positive integer or null. */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Roles that pick the building at the desk (admins and client admins, spec 002 §2 building filter). */
export const picksBuilding = (user: TSessionUser) => can(user, 'desk.chooseBuilding');

// Dates, times, today and ages: lib/time (issue 24 §2).

export const fullName = (v: { firstname?: string; middlename?: string; lastname?: string; suffix?: string }) =>
  [v.firstname, v.middlename, v.lastname, v.suffix].filter((p) => p?.trim()).join(' ');

/** Light alerts keep their coloured frame, but titles in body text colour (WCAG AA contrast on the tint). */
export const alertTitleText = { title: { color: 'var(--mantine-color-text)' } } as const;

export type DeskType = 'visitor' | 'volunteer' | 'vendor';

/**
 * A pre-registered visitor's check-in starts from the card (issue 22: the card's type, person
 * visiting and reason are kept): the card's reason text, shown as the listed reason of that name
 * when there is one.
 */
export function cardDefaults(card: { visitorType: string; reason: string; visiting: string; hostId?: number | null }) {
  const type: DeskType = ['visitor', 'volunteer', 'vendor'].includes(card.visitorType)
    ? (card.visitorType as DeskType)
    : 'visitor';
  return {
    type,
    reasonId: null as string | null,
    reasonText: card.reason,
    personVisiting: card.visiting,
    // issue 28 §1: an invitation's (or a kiosk sign-in's) host is the one picked
    hostId: card.hostId ?? null,
  };
}

/** The listed reason whose label is the card's reason text, if any. */
export function listedReasonId(reasons: { id: number; label: string }[] | undefined, text: string): string | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  const hit = reasons?.find((r) => r.label.trim().toLowerCase() === wanted);
  return hit ? String(hit.id) : null;
}

/**
 * A returning visitor's check-in starts from their last visit (issue 10 §9): type, reason (the
 * listed reason's id, or the free text) and person visiting. Shared by the check-in screen and the
 * quick check-in on the screening screen.
 */
export function lastVisitDefaults(visitor: TVisitor) {
  const last = visitor.lastVisit;
  const type: DeskType =
    last && ['visitor', 'volunteer', 'vendor'].includes(last.visitorType) ? (last.visitorType as DeskType) : 'visitor';
  return {
    type,
    reasonId: last?.visitReasonId ? String(last.visitReasonId) : null,
    reasonText: last && !last.visitReasonId ? last.reason : '',
    personVisiting: last?.personVisiting ?? '',
    hostId: null as number | null,
  };
}

/** What the attendant fills in on the check-in form: the check-in contract's own fields. */
export type CheckInValues = {
  visitorType: DeskType;
  visitReasonId: number | null;
  /** the reason typed (no listed reasons), or the card's / last visit's text when none is chosen */
  reason: string;
  personVisiting: string;
  /** the host picked for "person visiting" (issue 28 §1); null for a name typed by hand */
  hostId: number | null;
  allowedMinutes: number | null;
};

/**
 * The check-in form is validated by the check-in request's contract (ZCheckInRequest, the one
 * the server parses with), on the fields the attendant fills; the rest of the request (screening,
 * visitor, building, photo, card, registration) comes from the flow, not from typing.
 */
export const CHECK_IN_FORM = ZCheckInRequest.pick({
  visitorType: true,
  visitReasonId: true,
  reason: true,
  personVisiting: true,
  hostId: true,
  allowedMinutes: true,
}) as unknown as z.ZodType<unknown, CheckInValues>;

/** The check-in form's first values: the card's or the last visit's (cardDefaults, lastVisitDefaults). */
export function checkInValues(
  defaults: { reasonId: string | null; reasonText: string; personVisiting: string; hostId?: number | null },
  type: DeskType,
): CheckInValues {
  return {
    visitorType: type,
    visitReasonId: defaults.reasonId === null ? null : Number(defaults.reasonId),
    reason: defaults.reasonText,
    personVisiting: defaults.personVisiting,
    hostId: defaults.hostId ?? null,
    allowedMinutes: null,
  };
}

/**
 * The 5-digit zip code of a licence's postal code (spec 002 §5 zip mask), or null when it is not a
 * US zip code: a Canadian "N1M 3J6" must not become zip "136" (audit 002 B12).
 */
export function usZipOf(postalCode: string | null | undefined): string | null {
  const m = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(postalCode ?? '');
  return m ? m[1] : null;
}
