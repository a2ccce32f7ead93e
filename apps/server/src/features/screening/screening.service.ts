import {
  MESSAGES,
  SCREENING_MESSAGES,
  type TClearMatchRequest,
  type TClearedMatchResponse,
  type TScreeningMatch,
  type TScreeningRequest,
  type TScreeningResponse,
} from '@sv/contracts';
import {
  CONFIDENCE_LEVELS,
  confidenceLabel,
  exclusionNameKey,
  exclusionTypeLabel,
  findExclusionMatches,
  scoreRegistryCandidate,
  type RegistryScore,
} from '@sv/domain';
import { createRegistryFromConfig } from '../../integrations/registry/registry-provider';
import {
  type NsopwOffender,
  offenderRef,
  type OffenderRegistry,
  type RegistrySearchResult,
} from '../../integrations/registry/offender-registry';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createExclusionsRepository } from '../exclusions/exclusions.repository';
import { createScreeningRepository, type ScreeningSubject } from './screening.repository';

const REGISTRY_REF = /^[^\s:]{1,40}:\S.{0,158}$/;

const STRENGTH_RANK = { 'very strong': 0, strong: 1, moderate: 2 } as const;

/** Strongest evidence first: by strength (date of birth and more), then exact before mixed. */
const byEvidence = (a: RegistryScore, b: RegistryScore) =>
  STRENGTH_RANK[a.strength] - STRENGTH_RANK[b.strength] ||
  (a.exactness === b.exactness ? 0 : a.exactness === 'exact' ? -1 : 1);

const hasIdentity = (s: ScreeningSubject): s is ScreeningSubject & { dob: string } =>
  s.firstName.trim() !== '' && s.lastName.trim() !== '' && s.dob !== null && s.dob !== '';

/**
 * Screening at check-in (issue 4; spec 002 §4–§5, §7, §8): the offender registry and the
 * exclusion list, evaluated on the server at this moment. Never fails open: a registry failure,
 * timeout or partial answer is status 'failed' with 'Unable to run Background Check at this
 * time.' and the matches found so far.
 */
export function createScreeningService(deps: AppDeps) {
  const repo = createScreeningRepository(deps.db);
  const exclusionsRepo = createExclusionsRepository(deps.db);
  const registry: OffenderRegistry = deps.registry ?? createRegistryFromConfig(deps.config, deps.db);

  /** The provider's answer, bounded by REGISTRY_TIMEOUT_MS; any throw or timeout is 'failed'. */
  async function searchRegistry(subject: ScreeningSubject & { dob: string }): Promise<RegistrySearchResult> {
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
    subject: ScreeningSubject,
    offenders: NsopwOffender[],
    cleared: Set<string>,
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
    }));
  }

  /** Direct and potential exclusion matches; `cleared` is filled in by the caller from the clearings. */
  async function exclusionMatches(
    ctx: RequestCtx,
    building: { id: number; clientId: number },
    subject: ScreeningSubject,
  ) {
    const candidates = await exclusionsRepo.findExclusionCandidates(ctx.actor, building, {
      firstname: exclusionNameKey(subject.firstName),
      lastname: exclusionNameKey(subject.lastName),
      dob: subject.dob,
      visitorId: subject.id,
    });
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
        ...(m.exclusion.row.photoFileId ? { photoUrl: `/api/files/${m.exclusion.row.photoFileId}` } : {}),
        // a direct exclusion (linked to this very visitor) is never cleared by an attendant
        cleared: false,
      });
    return { direct: found.direct.map(item('direct')), potential: found.potential.map(item('potential')) };
  }

  return {
    /**
     * The exclusion check every check-in passes on the server at that moment (issue 4: "must
     * never admit someone on an exclusion list without seeing it"): linked exclusions that apply
     * here, and potential matches nobody has cleared yet. No registry call: it is cheap.
     */
    async exclusionGate(ctx: RequestCtx, visitorId: number, building: { id: number; clientId: number }) {
      const subject = await repo.findSubject(ctx.actor, visitorId);
      if (!subject) return { direct: [], unclearedPotential: [] };
      // the clearings and the candidates are independent queries: one round trip
      const [cleared, found] = await Promise.all([
        repo.clearedRefs(building.clientId, visitorId),
        exclusionMatches(ctx, building, subject),
      ]);
      const uncleared = (m: TScreeningMatch) => !cleared.has(`exclusion|${m.id}`);
      return { direct: found.direct, unclearedPotential: found.potential.filter(uncleared) };
    },

    async screen(ctx: RequestCtx, visitorId: number, input: TScreeningRequest): Promise<TScreeningResponse> {
      requirePermission(ctx.actor, 'screening.run');
      // independent scoped lookups, one round trip (issue 5: screening p95 ≤ 20 ms)
      const [building, subject] = await Promise.all([
        repo.findBuilding(ctx.actor, input.buildingId),
        repo.findSubject(ctx.actor, visitorId),
      ]);
      if (!building) throw notFound('Building not found');
      if (!subject || subject.clientId !== building.clientId) throw notFound('Visitor not found');
      const screenedAt = deps.now();

      // The three sources are independent: ask them at the same time.
      const [registryAnswer, cleared, candidates] = await Promise.all([
        hasIdentity(subject) ? searchRegistry(subject) : Promise.resolve(null),
        repo.clearedRefs(subject.clientId, subject.id),
        exclusionMatches(ctx, building, subject),
      ]);
      // a potential exclusion match someone cleared for this visitor is shown as cleared
      const exclusions = {
        direct: candidates.direct,
        potential: candidates.potential.map((m) => ({ ...m, cleared: cleared.has(`exclusion|${m.id}`) })),
      };

      let registryPart: TScreeningResponse['registry'];
      if (!registryAnswer) {
        registryPart = { status: 'not_run', message: SCREENING_MESSAGES.registryNeedsIdentity, matches: [] };
      } else {
        const matches = registryMatches(subject, registryAnswer.offenders, cleared);
        registryPart =
          registryAnswer.status === 'ok'
            ? { status: 'ok', matches }
            : { status: 'failed', message: MESSAGES.backgroundCheckFailed, matches };
      }

      const summary = {
        exclusionCount: exclusions.direct.length,
        potentialCount: exclusions.potential.filter((m) => !m.cleared).length,
        watchdogCount: registryPart.matches.filter((m) => !m.cleared).length,
      };
      const issueCount =
        summary.exclusionCount +
        summary.potentialCount +
        summary.watchdogCount +
        (registryPart.status === 'failed' ? 1 : 0);

      // Counts only: no names, dates of birth or registry identifiers in the audit trail.
      await deps.audit.record(ctx, {
        action: 'screening.run',
        targetType: 'visitor',
        targetId: subject.id,
        clientId: subject.clientId,
        buildingId: building.id,
        details: {
          provider: registry.kind,
          registryStatus: registryPart.status,
          ...(registryAnswer && registryAnswer.status !== 'ok'
            ? {
                registryAnswer: registryAnswer.status,
                registryError: registryAnswer.error ?? null,
                jurisdictionsFailed: registryAnswer.jurisdictionsFailed.length,
              }
            : {}),
          registryMatches: registryPart.matches.length,
          ...summary,
          clearedShown:
            registryPart.matches.filter((m) => m.cleared).length + exclusions.potential.filter((m) => m.cleared).length,
          issueCount,
        },
      });

      return {
        visitorId: subject.id,
        buildingId: building.id,
        registry: registryPart,
        exclusions,
        issueCount,
        screenedAt: screenedAt.toISOString(),
        summary,
      };
    },

    /**
     * Remembers that an attendant cleared a potential match for this visitor (issue 4), audited
     * with who and why. Direct exclusions (linked to the visitor) cannot be cleared.
     */
    async clearMatch(ctx: RequestCtx, visitorId: number, input: TClearMatchRequest): Promise<TClearedMatchResponse> {
      requirePermission(ctx.actor, 'screening.run');
      const subject = await repo.findSubject(ctx.actor, visitorId);
      if (!subject) throw notFound('Visitor not found');
      if (input.source === 'exclusion') {
        const id = /^\d{1,9}$/.test(input.matchRef) ? Number(input.matchRef) : null;
        const exclusion = id === null ? null : await repo.findExclusionRef(subject.clientId, id);
        if (!exclusion) throw notFound('Exclusion not found');
        if (exclusion.visitorId === subject.id)
          throw conflict('An exclusion linked to this visitor cannot be cleared.');
      } else if (!REGISTRY_REF.test(input.matchRef)) {
        throw badRequest('Unknown registry record reference.', { matchRef: ['must be a registry match id'] });
      }
      const note = input.note ?? '';
      const saved = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const row = await repo.saveCleared(tx, {
          clientId: subject.clientId,
          visitorId: subject.id,
          source: input.source,
          matchRef: input.matchRef,
          clearedBy: ctx.actor.userId,
          note,
          now: deps.now(),
        });
        await deps.audit.record(
          ctx,
          {
            action: 'screening.match.cleared',
            targetType: 'visitor',
            targetId: subject.id,
            clientId: subject.clientId,
            details: { source: input.source, matchRef: input.matchRef, note },
          },
          tx,
        );
        return row;
      });
      if (!saved) throw new AppError('INTERNAL', 'The match could not be cleared.');
      return {
        id: saved.id,
        visitorId: saved.visitorId,
        source: saved.source as 'registry' | 'exclusion',
        matchRef: saved.matchRef,
        clearedBy: saved.clearedBy,
        clearedAt: new Date(saved.clearedAt).toISOString(),
        note: saved.note,
      };
    },
  };
}
