/**
 * The admission rule (issue 10 §1): whether a screening lets a person be checked in. Pure, so the
 * one server-side gate (screening.service `requireAdmission`) and its property tests share it.
 *
 * A check-in is admitted only when
 * - it names a screening of this person at this building made at most `validMinutes` ago;
 * - the screening searched the registry when the district's background check setting is on now;
 * - no exclusion linked to the person applies (shown in the screening or found now);
 * - every finding that needs a decision was cleared or overruled, naming this screening, or was
 *   shown as already cleared (a remembered clearing that still stands);
 * - the exclusion check made now finds nothing the screening did not show.
 */

export type FindingSource = 'exclusion' | 'registry' | 'registry_status';

export interface AdmissionFinding {
  source: FindingSource;
  ref: string;
  kind: 'direct' | 'potential' | 'registry' | 'failed' | 'not_run';
  gating: boolean;
  clearedBefore: boolean;
}

export interface AdmissionInput {
  screening: {
    visitorId: number;
    buildingId: number;
    screenedAt: Date;
    registryStatus: string;
    findings: AdmissionFinding[];
  } | null;
  visitorId: number;
  buildingId: number;
  now: Date;
  validMinutes: number;
  /** the district's "Run background checks on visitors" setting, read now */
  backgroundCheck: boolean;
  /** decisions taken on this screening's findings, as `source|ref` */
  decided: ReadonlySet<string>;
  /** the visitor's remembered clearings now, as `source|ref` */
  cleared: ReadonlySet<string>;
  /** the exclusion check made now: linked exclusions that apply, and potential matches (ids) */
  exclusionsNow: { direct: string[]; potential: string[] };
}

export type AdmissionVerdict =
  | { admit: true }
  | { admit: false; reason: 'not_screened' | 'expired' | 'excluded' | 'undecided' | 'new_findings' };

export const findingKey = (f: { source: string; ref: string }) => `${f.source}|${f.ref}`;

export function admissionVerdict(input: AdmissionInput): AdmissionVerdict {
  const s = input.screening;
  if (!s || s.visitorId !== input.visitorId || s.buildingId !== input.buildingId) {
    return { admit: false, reason: 'not_screened' };
  }
  // linked exclusions refuse whatever else is true
  if (input.exclusionsNow.direct.length > 0 || s.findings.some((f) => f.kind === 'direct')) {
    return { admit: false, reason: 'excluded' };
  }
  const age = input.now.getTime() - s.screenedAt.getTime();
  if (age > input.validMinutes * 60_000 || age < -60_000) return { admit: false, reason: 'expired' };
  // the setting was switched on after a screening that did not search the registry
  if (input.backgroundCheck && s.registryStatus === 'off') return { admit: false, reason: 'expired' };

  const decidedOrCleared = (f: { source: string; ref: string; clearedBefore: boolean }) =>
    input.decided.has(findingKey(f)) || (f.clearedBefore && input.cleared.has(findingKey(f)));
  for (const f of s.findings) {
    if (f.gating && !decidedOrCleared(f)) return { admit: false, reason: 'undecided' };
  }
  const shown = new Set(s.findings.map(findingKey));
  for (const ref of input.exclusionsNow.potential) {
    const key = findingKey({ source: 'exclusion', ref });
    if (input.cleared.has(key) || input.decided.has(key)) continue;
    return { admit: false, reason: shown.has(key) ? 'undecided' : 'new_findings' };
  }
  return { admit: true };
}
