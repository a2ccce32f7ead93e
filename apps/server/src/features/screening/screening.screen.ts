import {
  MESSAGES,
  SCREENING_MESSAGES,
  ZClientSettings,
  type TScreeningMatch,
  type TScreeningRequest,
  type TScreeningResponse,
} from '@sv/contracts';
import { DEFAULT_REGISTRY_GATING, nameWarnings } from '@sv/domain';
import { randomUUID } from 'node:crypto';
import { auditRow } from '../../platform/audit/audit-log';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import { publishWebhook } from '../webhooks/index';
import { readStored } from '../clients';
import { findingsOf, hasIdentity, storedRegistryGating } from './screening.rules';
import type { ScreeningCore } from './screening.core';

/** A screening of one person at one building: the registry and the exclusion list (spec 002 §4–§5). */
export function screenUseCases(core: ScreeningCore) {
  const { deps, repo, registry, searchRegistry, registryMatches, exclusionMatches } = core;
  return {
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
      const screeningRow = {
        id: screeningId,
        clientId: subject.clientId,
        buildingId: building.id,
        visitorId: subject.id,
        screenedBy: ctx.actor.userId ?? null,
        screenedAt,
        registryStatus: registryPart.status,
        findings,
      };
      if (issueCount === 0) await repo.insertScreening(screeningRow, audit);
      // issue 28 §5 (ADR 0051): a screening with findings to decide is told to the district's
      // webhooks in the screening's own transaction (the one-statement write stays for the rest)
      else
        await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          await repo.insertScreening(screeningRow, audit, tx);
          await publishWebhook(tx, {
            type: 'screening.flagged',
            clientId: subject.clientId,
            data: {
              screeningId,
              visitorId: subject.id,
              buildingId: building.id,
              findings: [...new Set(findings.filter((f) => f.gating && !f.clearedBefore).map((f) => f.kind))],
            },
            names: { firstName: subject.firstName, lastName: subject.lastName, buildingName: building.name },
            occurredAt: screenedAt,
          });
        });

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
  };
}
