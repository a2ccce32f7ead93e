import type { TParsedLicense, TScanResponse, TVisitorMatch } from '@sv/contracts';
import { api } from '../../lib/api-client';

export type ScanMode = 'new' | 'in' | 'out';

/**
 * POST /api/scans (spec 002 §4 Scan flow, §7 POST /api/search with the scan flag): the raw text
 * goes in the body, never a URL. For 'out' the server checks out every matching open visit.
 */
export function postScan(raw: string, buildingId: number, action: ScanMode) {
  return api.post<TScanResponse>('/api/scans', { raw, buildingId, action });
}

export type ScanOutcome =
  | { kind: 'visitor'; visitorId: number }
  | { kind: 'checkedOut'; visitIds: number[]; names: string[] }
  | { kind: 'newLicense'; license: TParsedLicense }
  | { kind: 'multiple' }
  | { kind: 'noData' }
  /** check-out: the scan is a known visitor who is not checked in here (audit 002 B10) */
  | { kind: 'notIn'; names: string[] }
  /** a registration badge that admits here: on to its screening as a registered check-in (issue 11) */
  | { kind: 'registration'; visitorId: number; registration: RegisteredEntry }
  /** a registration badge that does not admit: who, and the server's reason */
  | { kind: 'registrationRefused'; name: string; registrationType: string; reason: string };

/** The registration a check-in is made on (router state of the visitor flow, never the URL). */
export interface RegisteredEntry {
  id: number;
  /** the registration type, or a SafeVendor registration's company */
  type: string;
  /** a SafeVendor badge: checks in as a vendor (spec 002 §4; ADR 0014) */
  vendor: boolean;
}

const nameOf = (m: TVisitorMatch) => [m.firstname, m.lastname].filter(Boolean).join(' ');

/**
 * What a scan leads to (spec 002 §4 Scan flow):
 * - check-in or new with exactly one match → that visitor;
 * - check-out → every match was checked out by the server: who, and the checked-out screen; a
 *   known visitor with nothing to check out is said to be not checked in (audit 002 B10);
 * - a licence nobody matches (check-in or new) → a new visitor prefilled from the licence;
 * - anything else → the no-data state ('multiple' is no-data with a hint to search by name).
 */
export function scanOutcome(mode: ScanMode, res: TScanResponse): ScanOutcome {
  if (mode === 'out') {
    if (res.checkedOutVisitIds.length === 0)
      return res.matches.length > 0 ? { kind: 'notIn', names: res.matches.map(nameOf) } : { kind: 'noData' };
    const names = res.matches.filter((m) => m.openVisit && res.checkedOutVisitIds.includes(m.openVisit.id)).map(nameOf);
    return {
      kind: 'checkedOut',
      visitIds: res.checkedOutVisitIds,
      names: names.length ? names : res.matches.map(nameOf),
    };
  }
  // a licence of a registered person whose registration admits here: a registered check-in
  if (res.kind === 'license' && res.registration?.ok && res.registration.visitorId && mode === 'in') {
    const r = res.registration;
    return {
      kind: 'registration',
      visitorId: r.visitorId!,
      registration: { id: r.registrationId, type: r.registrationType, vendor: r.vendor },
    };
  }
  if (res.kind === 'registration' && res.registration) {
    const r = res.registration;
    if (r.ok && r.visitorId) {
      return {
        kind: 'registration',
        visitorId: r.visitorId,
        registration: { id: r.registrationId, type: r.registrationType, vendor: r.vendor },
      };
    }
    return { kind: 'registrationRefused', name: r.name, registrationType: r.registrationType, reason: r.reason ?? '' };
  }
  if (res.matches.length === 1) return { kind: 'visitor', visitorId: res.matches[0]!.id };
  if (res.matches.length > 1) return { kind: 'multiple' };
  if (res.kind === 'license' && res.license) return { kind: 'newLicense', license: res.license };
  return { kind: 'noData' };
}

/**
 * Navigation state handed to the visitor flow (its `FlowState`: the desk's building, and the
 * pre-registration): router state only, never the URL or browser storage (security guide).
 */
export interface DeskNavigationState {
  buildingId: number;
  preRegId?: number;
  /** registered check-in: the scanned registration badge */
  registration?: RegisteredEntry;
}

/** /verify/license/0: the parsed licence prefills the new visitor. */
export interface LicenseNavigationState extends DeskNavigationState {
  license: TParsedLicense;
}

/** /visitor/out after a check-out scan: who was checked out. */
export interface CheckedOutNavigationState extends DeskNavigationState {
  name: string;
  checkedOutVisitIds: number[];
}
