import {
  CONSTANTS,
  EMERGENCY_MESSAGES,
  RESPONDER_MESSAGE,
  ROLE,
  SCREENING_MESSAGES,
  ZClientSettings,
  type TScreeningMatch,
} from '@sv/contracts';
import { type AdmissionFinding, admissionVerdict, DEFAULT_REGISTRY_GATING } from '@sv/domain';
import { conflict } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { readStored } from '../clients';
import { candidateValues, candidateVariant, screeningCandidatesFromJson } from '../exclusions';
import type { ScreeningSubject } from './screening.repository';
import { REFUSAL, storedRegistryGating } from './screening.rules';
import type { ScreeningCore } from './screening.core';

/** The admission gate every check-in passes, and the reads of a screening's context (issue 10 §1). */
export function admissionUseCases(core: ScreeningCore) {
  const { deps, repo, emergencyStates, searchRegistry, registryMatches, candidateQuery, matchesAmong } = core;
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
        /** absent only for a first responder recorded by staff at the desk */
        screeningId: string | undefined;
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
        /**
         * issue 27 §1 (ADR 0042): a first responder is admitted without screening, only when staff
         * record them at the desk on a plain check-in (no card, registration or clearing); anyone
         * else is refused. Kept on the visit (type 'responder') and in the audit.
         */
        responder?: { via: 'desk' | 'kiosk'; plain: boolean };
      },
    ) {
      const { subject, building } = input;
      if (subject.clientId !== building.clientId) throw conflict(SCREENING_MESSAGES.notScreened);
      if (input.responder) {
        const staff =
          ctx.actor.roleId === ROLE.Admin ||
          ctx.actor.roleId === ROLE.ClientAdmin ||
          ctx.actor.roleId === ROLE.Attendant;
        if (!staff || input.responder.via !== 'desk' || !input.responder.plain) throw conflict(RESPONDER_MESSAGE);
        return null;
      }
      // issue 27 §1 (ADR 0037): while a lockdown, secure, shelter or evacuation is active the kiosk
      // admits nobody (its auto badge included); the desk still can (first responders, staff)
      if (ctx.actor.roleId === ROLE.Kiosk && (await emergencyStates.activeStateOf(building.id)) !== null)
        throw conflict(EMERGENCY_MESSAGES.kioskClosed);
      // every read of the gate in one statement: the screening, its decisions, the clearings and
      // the exclusion candidates now (issue 10 §9)
      if (!input.screeningId) throw conflict(SCREENING_MESSAGES.notScreened);
      const candidates = candidateQuery(subject);
      const gate = await repo.findScreeningForGate(
        ctx.actor,
        { screeningId: input.screeningId as string, clientId: subject.clientId, visitorId: subject.id },
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
  };
}
