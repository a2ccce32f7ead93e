import {
  CONSTANTS,
  MESSAGES,
  SCREENING_MESSAGES,
  ZClientSettings,
  type TClearMatchRequest,
  type TClearedMatchResponse,
  type TScreeningMatch,
  type TScreeningRequest,
  type TScreeningResponse,
} from '@sv/contracts';
import {
  type AdmissionFinding,
  admissionVerdict,
  CONFIDENCE_LEVELS,
  confidenceLabel,
  DEFAULT_REGISTRY_GATING,
  exclusionTypeLabel,
  findExclusionMatches,
  nameWarnings,
  type RegistryScore,
  registryMatchGates,
  scoreRegistryCandidate,
} from '@sv/domain';
import { randomUUID } from 'node:crypto';
import { createRegistryFromConfig } from '../../integrations/registry/registry-provider';
import {
  type NsopwOffender,
  offenderRef,
  type OffenderRegistry,
  type RegistrySearchResult,
} from '../../integrations/registry/offender-registry';
import { auditRow } from '../../platform/audit/audit-log';
import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ScreeningFinding } from '../../db/schema/index';
import { readStored } from '../clients/stored-settings';
import {
  candidateQueryOf,
  candidateValues,
  candidateVariant,
  type ExclusionsRepository,
  type ScreeningCandidate,
  screeningCandidatesFromJson,
} from '../exclusions/exclusions.repository';
import type { ScreeningRepository, ScreeningSubject } from './screening.repository';

const REGISTRY_REF = /^[^\s:]{1,40}:\S.{0,158}$/;

const STRENGTH_RANK = { 'very strong': 0, strong: 1, moderate: 2 } as const;

/** Strongest evidence first: by strength (date of birth and more), then exact before mixed. */
const byEvidence = (a: RegistryScore, b: RegistryScore) =>
  STRENGTH_RANK[a.strength] - STRENGTH_RANK[b.strength] ||
  (a.exactness === b.exactness ? 0 : a.exactness === 'exact' ? -1 : 1);

const hasIdentity = (s: ScreeningSubject): s is ScreeningSubject & { dob: string } =>
  s.firstName.trim() !== '' && s.lastName.trim() !== '' && s.dob !== null && s.dob !== '';

/** What a screening showed, as the findings kept with it (issue 10 §1). */
function findingsOf(registry: TScreeningResponse['registry'], exclusions: TScreeningResponse['exclusions']) {
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
function storedRegistryGating(settings: unknown): string | null {
  const value = (settings as { registryGating?: unknown } | null)?.registryGating;
  return typeof value === 'string' ? value : null;
}

const REFUSAL = {
  not_screened: SCREENING_MESSAGES.notScreened,
  expired: SCREENING_MESSAGES.screeningExpired,
  excluded: SCREENING_MESSAGES.excluded,
  undecided: SCREENING_MESSAGES.undecidedFindings,
  new_findings: SCREENING_MESSAGES.newFindings,
} as const;

/**
 * Screening at check-in (issue 4; spec 002 §4–§5, §7, §8): the offender registry and the
 * exclusion list, evaluated on the server at this moment. Never fails open: a registry failure,
 * timeout or partial answer is status 'failed' with 'Unable to run Background Check at this
 * time.' and the matches found so far.
 */
export function createScreeningService(
  deps: AppDeps,
  { repo, exclusionsRepo }: { repo: ScreeningRepository; exclusionsRepo: ExclusionsRepository },
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
    /**
     * The admission gate (issue 10 §1): the one server-side place every check-in path goes through
     * (desk, pending-card ALLOW, scheduled card, scan, and the kiosk and registration paths as they
     * arrive). Throws 409 with the reason unless `admissionVerdict` admits the person: a recent
     * screening of this person at this building whose findings were all decided, no linked
     * exclusion, and nothing new on the exclusion list since.
     */
    async requireAdmission(
      ctx: RequestCtx,
      input: {
        screeningId: string;
        /** read with the actor's scope by `loadContext` (the same read screening makes) */
        subject: ScreeningSubject;
        /** read with the actor's scope by the caller, with its client's stored settings */
        building: { id: number; clientId: number; clientSettings: unknown };
        /**
         * decisions (`source|ref`) the caller records with `clearWithin` in the check-in's own
         * transaction (issue 22: ALLOW on a card clears and checks in as one); only what this
         * screening showed, and never a linked exclusion, counts
         */
        decidingNow?: readonly string[];
      },
    ) {
      const { subject, building } = input;
      if (subject.clientId !== building.clientId) throw conflict(SCREENING_MESSAGES.notScreened);
      // every read of the gate in one statement: the screening, its decisions, the clearings and
      // the exclusion candidates now (issue 10 §9)
      const candidates = candidateQuery(subject);
      const gate = await repo.findScreeningForGate(
        ctx.actor,
        { screeningId: input.screeningId, clientId: subject.clientId, visitorId: subject.id },
        { variant: candidateVariant(candidates), values: candidateValues(building, candidates) },
      );
      const screening = gate?.screening ?? null;
      const shown = new Set(
        ((screening?.findings ?? []) as AdmissionFinding[])
          .filter((f) => f.kind !== 'direct')
          .map((f) => `${f.source}|${f.ref}`),
      );
      const decided = new Set([...(gate?.decided ?? []), ...(input.decidingNow ?? []).filter((k) => shown.has(k))]);
      const now = matchesAmong(gate?.also ? screeningCandidatesFromJson(gate.also) : [], building, subject);
      const verdict = admissionVerdict({
        screening: screening
          ? {
              visitorId: screening.visitorId,
              buildingId: screening.buildingId,
              screenedAt: screening.screenedAt,
              registryStatus: screening.registryStatus,
              findings: screening.findings as AdmissionFinding[],
            }
          : null,
        visitorId: subject.id,
        buildingId: building.id,
        now: deps.now(),
        validMinutes: CONSTANTS.screeningValidMinutes,
        backgroundCheck: readStored(ZClientSettings, building.clientSettings).backgroundCheck,
        decided,
        cleared: gate?.cleared ?? new Set<string>(),
        exclusionsNow: { direct: now.direct.map((m) => m.id), potential: now.potential.map((m) => m.id) },
      });
      if (!verdict.admit) throw conflict(REFUSAL[verdict.reason]);
      return screening!;
    },

    /**
     * The building (the desk's columns, null when not in the actor's scope) and the person to
     * admit (null when not in scope), in one read: check-in's first read, the same as screening's.
     */
    async loadContext(ctx: RequestCtx, buildingId: number, visitorId: number) {
      const context = await repo.findContext(ctx.actor, buildingId, visitorId);
      return { building: context?.building ?? null, subject: context?.subject ?? null };
    },

    /**
     * A pre-registration card's registry search before arrival (issue 22: cards are screened again
     * "whenever the district's exclusion list or registry data change"). System work for the cards
     * sweep, no actor: the same search, scoring and district gating as `screen`. 'off' when the
     * district does not search the registry, 'failed' when the registry did not answer (the sweep
     * tries again), else the matches that would need a decision at arrival.
     */
    async registryMatchesBeforeArrival(
      person: { firstName: string; lastName: string; dob: string },
      clientSettings: unknown,
    ): Promise<'off' | 'failed' | TScreeningMatch[]> {
      if (!readStored(ZClientSettings, clientSettings).backgroundCheck) return 'off';
      const answer = await searchRegistry(person);
      if (answer.status !== 'ok') return 'failed';
      const subject = { ...person, middleName: '', city: '', state: '', zip: '' };
      const gating = storedRegistryGating(clientSettings) ?? DEFAULT_REGISTRY_GATING;
      return registryMatches(subject, answer.offenders, new Set(), gating).filter((m) => m.gating !== false);
    },

    /** `via: 'kiosk'`: the kiosk's sign-in screens the person exactly as the desk does (issue 14). */
    async screen(
      ctx: RequestCtx,
      visitorId: number,
      input: TScreeningRequest,
      via: Via = 'desk',
    ): Promise<TScreeningResponse> {
      requirePermissionVia(ctx.actor, 'screening.run', via);
      // the building, the person and the district's clearings for them: one statement (issue 10 §9)
      const context = await repo.findContext(ctx.actor, input.buildingId, visitorId);
      if (!context) throw notFound('Building not found');
      const { building, subject, cleared, clearings } = context;
      if (!subject || subject.clientId !== building.clientId) throw notFound('Visitor not found');
      const screenedAt = deps.now();
      // seed 000 background settings / 002 §3 backgroundCheck: the district decides whether the
      // registry is searched; exclusions are always checked (issue 10 §1)
      const backgroundCheck = readStored(ZClientSettings, building.clientSettings).backgroundCheck;

      // The two searches are independent: ask them at the same time.
      const [registryAnswer, candidates] = await Promise.all([
        backgroundCheck && hasIdentity(subject) ? searchRegistry(subject) : Promise.resolve(null),
        exclusionMatches(ctx, building, subject),
      ]);
      // a potential exclusion match someone cleared for this visitor is shown as cleared
      const exclusions = {
        direct: candidates.direct,
        potential: candidates.potential.map((m) => ({ ...m, cleared: cleared.has(`exclusion|${m.id}`) })),
      };

      let registryPart: TScreeningResponse['registry'];
      if (!backgroundCheck) {
        registryPart = { status: 'off', message: SCREENING_MESSAGES.registryOff, matches: [] };
      } else if (!registryAnswer) {
        registryPart = { status: 'not_run', message: SCREENING_MESSAGES.registryNeedsIdentity, matches: [] };
      } else {
        const matches = registryMatches(
          subject,
          registryAnswer.offenders,
          cleared,
          // the stored value as is: an unknown one gates every match (registryMatchGates never fails open)
          storedRegistryGating(building.clientSettings) ?? DEFAULT_REGISTRY_GATING,
        );
        registryPart =
          registryAnswer.status === 'ok'
            ? { status: 'ok', matches }
            : { status: 'failed', message: MESSAGES.backgroundCheckFailed, matches };
      }

      const summary = {
        exclusionCount: exclusions.direct.length,
        potentialCount: exclusions.potential.filter((m) => !m.cleared).length,
        watchdogCount: registryPart.matches.filter((m) => m.gating !== false && !m.cleared).length,
        informationalCount: registryPart.matches.filter((m) => m.gating === false).length,
      };
      // who cleared a cleared match and when (audit 002 B8): shown on the match and in the verdict
      const withClearing =
        (source: 'exclusion' | 'registry') =>
        (m: TScreeningMatch): TScreeningMatch => {
          const c = m.cleared ? clearings.get(`${source}|${m.id}`) : undefined;
          return c ? { ...m, clearedAt: c.at, ...(c.by ? { clearedBy: c.by } : {}) } : m;
        };
      exclusions.potential = exclusions.potential.map(withClearing('exclusion'));
      registryPart = { ...registryPart, matches: registryPart.matches.map(withClearing('registry')) };
      const findings = findingsOf(registryPart, exclusions);
      // what needs the attendant's decision: the gating findings not shown as cleared
      const issueCount = findings.filter((f) => f.gating && !f.clearedBefore).length;
      const screeningId = randomUUID();
      // Counts only: no names, dates of birth or registry identifiers in the audit trail.
      const audit = auditRow(ctx, {
        action: 'screening.run',
        targetType: 'visitor',
        targetId: subject.id,
        clientId: subject.clientId,
        buildingId: building.id,
        details: {
          screeningId,
          provider: backgroundCheck ? registry.kind : 'off',
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
      await repo.insertScreening(
        {
          id: screeningId,
          clientId: subject.clientId,
          buildingId: building.id,
          visitorId: subject.id,
          screenedBy: ctx.actor.userId ?? null,
          screenedAt,
          registryStatus: registryPart.status,
          findings,
        },
        audit,
      );

      return {
        id: screeningId,
        visitorId: subject.id,
        buildingId: building.id,
        registry: registryPart,
        exclusions,
        issueCount,
        nameWarnings: nameWarnings(subject.firstName, subject.middleName, subject.lastName),
        screenedAt: screenedAt.toISOString(),
        summary,
      };
    },

    /**
     * A decision on one finding of one screening (issue 10 §1): only what that screening showed can
     * be cleared, and a linked exclusion never. Registry and exclusion clearings are also remembered
     * for the visitor's later screenings (shown there as cleared); a registry-status overrule is for
     * this screening only. Audited with who and why.
     */
    async clearMatch(ctx: RequestCtx, visitorId: number, input: TClearMatchRequest): Promise<TClearedMatchResponse> {
      requirePermission(ctx.actor, 'screening.run');
      const subject = await repo.findSubject(ctx.actor, visitorId);
      if (!subject) throw notFound('Visitor not found');
      const screening = await repo.findScreening(ctx.actor, input.screeningId);
      if (!screening || screening.visitorId !== subject.id) throw notFound('Screening not found');
      const saved = await deps.db.transaction((tx) => clearWithin(tx as unknown as Db, ctx, subject, screening, input));
      return {
        id: saved.id,
        screeningId: screening.id,
        visitorId: subject.id,
        source: input.source,
        matchRef: saved.ref,
        clearedBy: saved.decidedBy,
        clearedAt: new Date(saved.decidedAt).toISOString(),
        note: saved.note,
      };
    },

    clearWithin,
  };

  /**
   * The decision and clearing of `clearMatch`, inside the caller's transaction: a check-in that
   * clears and admits as one (issue 22: a refused check-in stores no clearing) calls it with its
   * own transaction and the screening the gate read.
   */
  async function clearWithin(
    tx: Db,
    ctx: RequestCtx,
    subject: { id: number; clientId: number },
    screening: { id: string; buildingId: number; findings: unknown },
    input: TClearMatchRequest,
  ) {
    requirePermission(ctx.actor, 'screening.run');
    const finding = (screening.findings as AdmissionFinding[]).find(
      (f) => f.source === input.source && f.ref === input.matchRef,
    );
    if (!finding) {
      if (input.source === 'registry' && !REGISTRY_REF.test(input.matchRef))
        throw badRequest('Unknown registry record reference.', { matchRef: ['must be a registry match id'] });
      throw conflict(SCREENING_MESSAGES.notShown);
    }
    if (finding.kind === 'direct') throw conflict('An exclusion linked to this visitor cannot be cleared.');
    const note = input.note ?? '';
    const now = deps.now();
    const decision = await repo.saveDecision(tx, {
      screeningId: screening.id,
      source: input.source,
      ref: input.matchRef,
      decidedBy: ctx.actor.userId,
      note,
      now,
    });
    if (input.source !== 'registry_status') {
      await repo.saveCleared(tx, {
        clientId: subject.clientId,
        visitorId: subject.id,
        source: input.source,
        matchRef: input.matchRef,
        clearedBy: ctx.actor.userId,
        note,
        now,
      });
    }
    await deps.audit.record(
      ctx,
      {
        action: input.source === 'registry_status' ? 'screening.registry_overruled' : 'screening.match.cleared',
        targetType: 'visitor',
        targetId: subject.id,
        clientId: subject.clientId,
        buildingId: screening.buildingId,
        details: { screeningId: screening.id, source: input.source, matchRef: input.matchRef, note },
      },
      tx,
    );
    if (!decision) throw new AppError('INTERNAL', 'The match could not be cleared.');
    return decision;
  }
}
export type ScreeningService = ReturnType<typeof createScreeningService>;
