import { SCREENING_MESSAGES, type TScreeningMatch, type TScreeningResponse } from '@sv/contracts';
import { type RegistryScore } from '@sv/domain';
import type { ScreeningFinding } from '../../db/schema/index';
import type { ScreeningSubject } from './screening.repository';

export const REGISTRY_REF = /^[^\s:]{1,40}:\S.{0,158}$/;

export const STRENGTH_RANK = { 'very strong': 0, strong: 1, moderate: 2 } as const;

/** Strongest evidence first: by strength (date of birth and more), then exact before mixed. */
export const byEvidence = (a: RegistryScore, b: RegistryScore) =>
  STRENGTH_RANK[a.strength] - STRENGTH_RANK[b.strength] ||
  (a.exactness === b.exactness ? 0 : a.exactness === 'exact' ? -1 : 1);

export const hasIdentity = (s: ScreeningSubject): s is ScreeningSubject & { dob: string } =>
  s.firstName.trim() !== '' && s.lastName.trim() !== '' && s.dob !== null && s.dob !== '';

/** What a screening showed, as the findings kept with it (issue 10 §1). */
export function findingsOf(registry: TScreeningResponse['registry'], exclusions: TScreeningResponse['exclusions']) {
  const findings: ScreeningFinding[] = [
    ...exclusions.direct.map(
      (m): ScreeningFinding => ({ source: 'exclusion', ref: m.id, kind: 'direct', gating: true, clearedBefore: false }),
    ),
    ...exclusions.potential.map(
      (m): ScreeningFinding => ({
        source: 'exclusion',
        ref: m.id,
        kind: 'potential',
        gating: true,
        clearedBefore: m.cleared,
      }),
    ),
    ...registry.matches.map(
      (m): ScreeningFinding => ({
        source: 'registry',
        ref: m.id,
        kind: 'registry',
        gating: m.gating !== false,
        clearedBefore: m.cleared,
      }),
    ),
  ];
  if (registry.status === 'failed' || registry.status === 'not_run') {
    findings.push({
      source: 'registry_status',
      ref: registry.status,
      kind: registry.status,
      gating: true,
      clearedBefore: false,
    });
  }
  return findings;
}

/**
 * The results of a screening that still need a decision, with a label an attendant can read on a
 * pending card (issue 10 §1: ALLOW confirms exactly these).
 */
export function undecidedFindings(sc: TScreeningResponse) {
  const name = (m: TScreeningMatch) => `${m.firstName} ${m.lastName}`.trim();
  const out: { source: 'exclusion' | 'registry' | 'registry_status'; ref: string; label: string }[] = [];
  for (const m of sc.exclusions.potential)
    if (!m.cleared) out.push({ source: 'exclusion', ref: m.id, label: `Possible exclusion match: ${name(m)}` });
  for (const m of sc.registry.matches)
    if (!m.cleared && m.gating !== false)
      out.push({ source: 'registry', ref: m.id, label: `Registry match (${m.levelLabel ?? 'match'}): ${name(m)}` });
  if (sc.registry.status === 'failed' || sc.registry.status === 'not_run')
    out.push({ source: 'registry_status', ref: sc.registry.status, label: sc.registry.message ?? sc.registry.status });
  return out;
}

/** The district's registryGating setting as stored (null when never saved: the default applies). */
export function storedRegistryGating(settings: unknown): string | null {
  const value = (settings as { registryGating?: unknown } | null)?.registryGating;
  return typeof value === 'string' ? value : null;
}

export const REFUSAL = {
  not_screened: SCREENING_MESSAGES.notScreened,
  expired: SCREENING_MESSAGES.screeningExpired,
  excluded: SCREENING_MESSAGES.excluded,
  undecided: SCREENING_MESSAGES.undecidedFindings,
  new_findings: SCREENING_MESSAGES.newFindings,
} as const;
