import type { EmergencyStatesRepository } from '../emergency';
import { type TScreeningMatch } from '@sv/contracts';
import {
  CONFIDENCE_LEVELS,
  confidenceLabel,
  exclusionTypeLabel,
  findExclusionMatches,
  type RegistryScore,
  registryMatchGates,
  scoreRegistryCandidate,
} from '@sv/domain';
import { createRegistryFromConfig } from '../../integrations/registry/registry-provider';
import {
  type NsopwOffender,
  offenderRef,
  type OffenderRegistry,
  type RegistrySearchResult,
} from '../../integrations/registry/offender-registry';
import type { AppDeps } from '../../platform/deps';
import type { RequestCtx } from '../../platform/http/request-context';
import { candidateQueryOf, type ExclusionsRepository, type ScreeningCandidate } from '../exclusions';
import type { ScreeningRepository, ScreeningSubject } from './screening.repository';
import { byEvidence } from './screening.rules';

/**
 * What the screening use cases share (issue 24 §1: one closure per use case on a shared core):
 * the registry provider, its bounded search, and the exclusion matching. Screening at check-in (issue 4; spec 002 §4–§5, §7, §8): the offender registry and the
 * exclusion list, evaluated on the server at this moment. Never fails open: a registry failure,
 * timeout or partial answer is status 'failed' with 'Unable to run Background Check at this
 * time.' and the matches found so far.
 */
export function createScreeningCore(
  deps: AppDeps,
  {
    repo,
    exclusionsRepo,
    emergencyStates,
  }: {
    repo: ScreeningRepository;
    exclusionsRepo: ExclusionsRepository;
    /** issue 27 §1 (ADR 0037): no kiosk check-in while the building has an active emergency state */
    emergencyStates: Pick<EmergencyStatesRepository, 'activeStateOf'>;
  },
) {
  const registry: OffenderRegistry = deps.registry ?? createRegistryFromConfig(deps.config, deps.db);

  /** The provider's answer, bounded by REGISTRY_TIMEOUT_MS; any throw or timeout is 'failed'. */
  async function searchRegistry(
    subject: Pick<ScreeningSubject, 'firstName' | 'lastName'> & { dob: string },
  ): Promise<RegistrySearchResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<RegistrySearchResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: 'failed', offenders: [], jurisdictionsFailed: [], error: 'timeout' }),
        deps.config.REGISTRY_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([
        registry
          .search({ firstName: subject.firstName, lastName: subject.lastName, dob: subject.dob })
          .catch(
            (): RegistrySearchResult => ({ status: 'failed', offenders: [], jurisdictionsFailed: [], error: 'error' }),
          ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  function registryMatches(
    subject: Pick<ScreeningSubject, 'firstName' | 'middleName' | 'lastName' | 'dob' | 'city' | 'state' | 'zip'>,
    offenders: NsopwOffender[],
    cleared: Set<string>,
    gatingPolicy: string,
  ): TScreeningMatch[] {
    const visitor = {
      firstName: subject.firstName,
      middleName: subject.middleName,
      lastName: subject.lastName,
      dateOfBirth: subject.dob,
      city: subject.city,
      state: subject.state,
      postalCode: subject.zip,
    };
    const seen = new Set<string>();
    const scored: { offender: NsopwOffender; score: RegistryScore; ref: string }[] = [];
    for (const offender of offenders) {
      const ref = offenderRef(offender);
      if (seen.has(ref)) continue;
      seen.add(ref);
      const score = scoreRegistryCandidate(visitor, offender);
      if (score) scored.push({ offender, score, ref });
    }
    scored.sort((a, b) => byEvidence(a.score, b.score));
    return scored.map(({ offender: o, score, ref }) => ({
      id: ref,
      kind: 'registry' as const,
      firstName: o.name.firstName ?? '',
      lastName: o.name.lastName ?? '',
      ...(o.name.middleName ? { middleName: o.name.middleName } : {}),
      dob: o.dob ?? null,
      level: score.level,
      levelLabel: confidenceLabel(score.level) ?? CONFIDENCE_LEVELS[score.level - 1].label,
      reasons: score.reasons,
      ...(o.imageUri ? { photoUrl: o.imageUri } : {}),
      ...(o.jurisdictionId ? { jurisdiction: o.jurisdictionId } : {}),
      ...(o.offenderUri ? { offenderUri: o.offenderUri } : {}),
      absconder: o.absconder === true,
      cleared: cleared.has(`registry|${ref}`),
      // the district decides which matches need a decision; the others are shown as information
      gating: registryMatchGates(score.level, gatingPolicy),
    }));
  }

  /**
   * What the exclusion candidates are searched by: the canonical keys of the names, the date of
   * birth, the record and its licence (issue 22: the person, not the typed text). Screening and
   * the gate both use it, so they search by one rule (`candidateWhere`).
   */
  const candidateQuery = (subject: ScreeningSubject) => candidateQueryOf(subject);

  /** Direct and potential exclusion matches; `cleared` is filled in by the caller from the clearings. */
  async function exclusionMatches(
    ctx: RequestCtx,
    building: { id: number; clientId: number },
    subject: ScreeningSubject,
  ) {
    const candidates = await exclusionsRepo.findScreeningCandidates(ctx.actor, building, candidateQuery(subject));
    return matchesAmong(candidates, building, subject);
  }

  function matchesAmong(
    candidates: ScreeningCandidate[],
    building: { id: number; clientId: number },
    subject: ScreeningSubject,
  ) {
    const found = findExclusionMatches(
      candidates.map((row) => ({
        row,
        active: row.active,
        visitorId: row.visitorId,
        buildingId: row.buildingId,
        isGlobal: row.isGlobal,
        firstName: row.firstname,
        lastName: row.lastname,
        dateOfBirth: row.dob,
        firstKey: row.firstKey,
        lastKey: row.lastKey,
        linkedToPerson: row.linkedToPerson,
      })),
      { id: subject.id, firstName: subject.firstName, lastName: subject.lastName, dateOfBirth: subject.dob },
      building.id,
    );
    const item =
      (kind: 'direct' | 'potential') =>
      (m: (typeof found.direct)[number]): TScreeningMatch => ({
        id: String(m.exclusion.row.id),
        kind,
        firstName: m.exclusion.row.firstname,
        lastName: m.exclusion.row.lastname,
        dob: m.exclusion.row.dob,
        reasons: m.reasons,
        typeLabel: exclusionTypeLabel(m.exclusion.row.exclusionType, m.exclusion.row.reason),
        ...(m.exclusion.row.reason.trim() ? { exclusionReason: m.exclusion.row.reason.trim() } : {}),
        ...(m.exclusion.row.photoFileId ? { photoUrl: `/api/files/${m.exclusion.row.photoFileId}` } : {}),
        // a direct exclusion (linked to this person, on this record or another) is never cleared by an attendant
        cleared: false,
      });
    return { direct: found.direct.map(item('direct')), potential: found.potential.map(item('potential')) };
  }

  return {
    deps,
    repo,
    exclusionsRepo,
    emergencyStates,
    registry,
    searchRegistry,
    registryMatches,
    candidateQuery,
    exclusionMatches,
    matchesAmong,
  };
}
export type ScreeningCore = ReturnType<typeof createScreeningCore>;
