import { type TRegistration } from '@sv/contracts';
import { confidenceLabel } from '@sv/domain';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type RegistrationsRepository } from './registrations.repository';
import { sourceOf, toListItem } from './registrations.rules';
import { RegistrationEngineParts } from './registrations.engine-core';
import { createRegistrationEngine } from './registrations.engine';
import { REGISTRATION_MESSAGES } from './registrations.rules';

export * from './registrations.rules';
export type { RegistrationEngineParts, RegistrationKindConfig } from './registrations.engine-core';
export { createRegistrationEngine } from './registrations.engine';

/** The volunteer registrations service (spec 001 §2; issue 11). */
export function createRegistrationsService(deps: AppDeps, parts: RegistrationEngineParts) {
  const engine = createRegistrationEngine(deps, parts, {
    kind: 'volunteer',
    present: volunteerDetails,
    listItem: (r, roleId, today) => toListItem(r, roleId, today, r.suspendedAt),
  });
  return {
    ...engine,
    /**
     * One registration badge to a building's label printer (issue 11 "Printing"), answered like
     * the desk's reprint (ZPrintResponse): a building without a printer answers 'pdf'.
     */
    async printBadge(ctx: RequestCtx, id: number, buildingId: number) {
      try {
        await engine.printToBuilding(ctx, [id], buildingId);
        return { printed: true, mode: 'network' as const, message: 'The badge was sent to the printer.' };
      } catch (err) {
        if (err instanceof AppError && err.message === REGISTRATION_MESSAGES.noPrinter) {
          return { printed: false, mode: 'pdf' as const, message: REGISTRATION_MESSAGES.noPrinter };
        }
        throw err;
      }
    },
  };
}

/** One volunteer registration with buildings, hours and alerts (the volunteer API's answer). */
async function volunteerDetails(
  repo: RegistrationsRepository,
  ctx: RequestCtx,
  id: number,
  today: string,
): Promise<TRegistration> {
  const row = await repo.findById(ctx.actor, id);
  const list = await repo.findListRow(ctx.actor, id);
  if (!row || !list) throw notFound(REGISTRATION_MESSAGES.notFound);
  const [buildingIds, totals, alerts, renewedById] = await Promise.all([
    repo.buildingIdsOf(id),
    repo.visitTotals(id),
    repo.alertsOf(id),
    repo.renewedBy(ctx.actor, id),
  ]);
  const source = sourceOf(row.source);
  return {
    ...toListItem(list, ctx.actor.roleId, today, row.suspendedAt),
    middlename: row.middlename,
    phone: row.phone,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    underReview: row.underReview,
    ddStatus: row.ddStatus,
    photoFileId: row.photoFileId,
    answers: row.answers,
    source,
    hasSignature: row.signature !== null,
    emailWarnings: row.emailWarnings,
    buildingIds,
    visitorId: row.visitorId,
    suspendedReason: row.suspendedReason,
    badgeCode: row.badgeCode,
    volunteerMinutes: totals.minutes,
    visitCount: totals.count,
    arrestAlerts: alerts.map(alertSummary),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    renewalOfId: row.renewalOfId,
    renewedById,
  };
}

export const alertSummary = (a: Awaited<ReturnType<RegistrationsRepository['alertsOf']>>[number]) => ({
  id: a.id,
  level: a.level,
  levelLabel: confidenceLabel(a.level) ?? `Level ${a.level}`,
  status:
    a.status === 'cleared' || a.status === 'confirmed' ? (a.status as 'cleared' | 'confirmed') : ('open' as const),
  suspends: a.suspends,
  createdAt: a.createdAt.toISOString(),
});
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
