import { MESSAGES, SCREENING_MESSAGES, type TPreRegistration } from '@sv/contracts';
import { localDateOf } from '@sv/domain';
import type { AppDeps } from '../../platform/deps';
import { requirePermission } from '../../platform/auth/permission';
import { inScope } from '../../platform/db/scope';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { DenialsService } from '../denials';
import { type ScreeningService, undecidedFindings } from '../screening';
import type { VisitorsRepository } from '../visitors';
import { ensureCardVisitor } from './preregistrations.card-visitor';
import { type VisitsRepository, type VisitsService } from '../visits';
import type { PreRegistrationsRepository, PreRegRow } from './preregistrations.repository';

interface Issues {
  exclusionCount?: number;
  potentialCount?: number;
  watchdogCount?: number;
  summary?: string[];
  findings?: TPreRegistration['issues']['findings'];
  clearedBy?: number;
  clearedAt?: string;
}

export function toCard(r: PreRegRow): TPreRegistration {
  const issues = (r.issues ?? {}) as Issues;
  return {
    id: r.id,
    visitorId: r.visitorId,
    firstname: r.firstname,
    lastname: r.lastname,
    dob: r.dob,
    visitDate: r.visitDate,
    visiting: r.visiting,
    hostId: r.hostId ?? null,
    reason: r.reason,
    visitorType: r.visitorType as TPreRegistration['visitorType'],
    notifyEmail: r.notifyEmail,
    notifySms: r.notifySms,
    bgResults: r.bgResults,
    issues: {
      exclusionCount: issues.exclusionCount ?? 0,
      potentialCount: issues.potentialCount ?? 0,
      watchdogCount: issues.watchdogCount ?? 0,
      summary: issues.summary ?? [],
      findings: issues.findings ?? [],
    },
    tempPhotoFileId: r.tempPhotoFileId,
    tempPhotoAt: r.tempPhotoAt ? r.tempPhotoAt.toISOString() : null,
    // audit 002 B5: a card checked in whose visit has ended says so (its visitor left)
    status: (r.status === 'checked_in' && r.visitId === null ? 'checked_out' : r.status) as TPreRegistration['status'],
    visitId: r.visitId,
    flagged: r.flagged === true,
    flagReasons: (r.flagReasons ?? []) as TPreRegistration['flagReasons'],
  };
}

export function createPreRegistrationsService(
  deps: AppDeps,
  {
    repo,
    visitsRepo,
    visitorsRepo,
    visits,
    screening,
    denials,
  }: {
    repo: PreRegistrationsRepository;
    visitsRepo: VisitsRepository;
    visitorsRepo: VisitorsRepository;
    visits: VisitsService;
    screening: ScreeningService;
    denials: DenialsService;
  },
) {
  async function requireCard(ctx: RequestCtx, id: number) {
    const card = await repo.get(ctx.actor, id);
    if (!card) throw notFound('Pre-registration not found');
    return card;
  }

  /** The card's visitor record, the first time it is needed (preregistrations.card-visitor.ts). */
  const ensureVisitor = (card: PreRegRow) => ensureCardVisitor(deps.db, { repo, visitorsRepo }, card);

  return {
    /**
     * Today's cards as the response body (JSON text), shared by every open dashboard of the
     * building until the next event or the building's midnight (building-read-cache.ts).
     */
    async dashboardListJson(ctx: RequestCtx, buildingId: number): Promise<string> {
      requirePermission(ctx.actor, 'visitors.read');
      const answer = await deps.realtime.reads.read(
        buildingId,
        'preregistrations.today',
        (cached: { clientId: number; timeZone: string; localDate: string; body: string }) =>
          inScope(ctx.actor, { clientId: cached.clientId, buildingId }) &&
          localDateOf(deps.now(), cached.timeZone) === cached.localDate,
        async () => {
          const building = await visitsRepo.getBuildingForDesk(ctx.actor, buildingId);
          if (!building) throw notFound('Building not found');
          // "today" is the building's local day (security guide: never the browser's offset)
          const localDate = localDateOf(deps.now(), building.timeZone);
          const rows = await repo.findForDashboard(ctx.actor, buildingId, localDate);
          return {
            clientId: building.clientId,
            timeZone: building.timeZone,
            localDate,
            body: JSON.stringify({ data: rows.map(toCard), localDate }),
          };
        },
      );
      return answer.body;
    },

    /**
     * ALLOW (spec 002 §4; issue 10 §1): the server screens the person again now (registry per the
     * district's setting, and exclusions), clears exactly the results the attendant confirmed on the
     * card (each decision names this screening), and checks in through the admission gate. A result
     * the card did not show refuses the check-in and is put on the card for review; a linked
     * exclusion always refuses.
     */
    async allow(
      ctx: RequestCtx,
      id: number,
      input: {
        confirmedRefs?: { source: 'exclusion' | 'registry' | 'registry_status'; ref: string }[];
        personVisiting?: string;
        photoFileId?: string | null;
      },
      idempotencyKey: string,
    ) {
      requirePermission(ctx.actor, 'visits.checkIn');
      const card = await requireCard(ctx, id);
      if (card.status === 'checked_in' && card.visitId) {
        const visit = await visits.getVisit(ctx, card.visitId);
        return { visit, print: { mode: 'pdf' as const, required: false, pdfUrl: `/api/visits/${visit.id}/badge.pdf` } };
      }
      if (!['scheduled', 'pending'].includes(card.status)) throw conflict('This visitor was already handled.');
      const visitorId = await ensureVisitor(card);
      const screened = await screening.screen(ctx, visitorId, { buildingId: card.buildingId });
      const needed = undecidedFindings(screened);
      const confirmed = new Set((input.confirmedRefs ?? []).map((r) => `${r.source}|${r.ref}`));
      const unconfirmed = needed.filter((f) => !confirmed.has(`${f.source}|${f.ref}`));
      if (screened.exclusions.direct.length > 0 || unconfirmed.length > 0) {
        // the card shows what this screening found, so the attendant decides on what is true now
        const issues = (card.issues ?? {}) as Issues;
        await repo.update(ctx.actor, id, {
          status: 'pending',
          bgResults: false,
          issues: {
            ...issues,
            ...screened.summary,
            summary: needed.map((f) => f.label),
            findings: needed,
          },
        });
        await deps.realtime.publish({
          type: 'preregistration.changed',
          clientId: card.clientId,
          buildingId: card.buildingId,
          id,
        });
        throw conflict(
          screened.exclusions.direct.length > 0 ? SCREENING_MESSAGES.excluded : SCREENING_MESSAGES.newFindings,
        );
      }
      // the clearings and the check-in are one transaction (issue 22): a refused check-in (a
      // building that requires a photo, a visitor already in) leaves every match open
      const result = await visits.checkIn(
        ctx,
        {
          screeningId: screened.id,
          visitorId,
          buildingId: card.buildingId,
          visitorType: card.visitorType as never,
          reason: card.reason,
          personVisiting: input.personVisiting ?? card.visiting,
          preRegistrationId: id,
          photoFileId: input.photoFileId ?? card.tempPhotoFileId ?? null,
        },
        idempotencyKey,
        'desk',
        {
          clearings: needed.map((f) => ({
            source: f.source,
            ref: f.ref,
            note: 'Confirmed with ALLOW on the pending card',
          })),
        },
      );
      await deps.realtime.publish({
        type: 'preregistration.changed',
        clientId: card.clientId,
        buildingId: card.buildingId,
        id,
      });
      return result;
    },

    /**
     * A scheduled card's "Check in" (issue 10 §1): the card's visitor record (created from the card
     * the first time) so the desk opens the same screening step as any check-in.
     */
    async visitorFor(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'visits.checkIn');
      const card = await requireCard(ctx, id);
      if (!['scheduled', 'pending'].includes(card.status)) throw conflict('This visitor was already handled.');
      return { visitorId: await ensureVisitor(card) };
    },

    /**
     * DENY on a card (spec 002 §4): records the denial with the card's counts and notifies
     * security, creating the visitor record from the card when needed (so the denial and any
     * exclusion added afterwards are linked to a person).
     */
    async deny(ctx: RequestCtx, id: number, level: number | null | undefined, idempotencyKey: string) {
      requirePermission(ctx.actor, 'entry.deny');
      const card = await requireCard(ctx, id);
      if (!['scheduled', 'pending'].includes(card.status)) throw conflict('This visitor was already handled.');
      const visitorId = await ensureVisitor(card);
      const issues = (card.issues ?? {}) as Issues;
      const result = await denials.deny(
        ctx,
        visitorId,
        {
          buildingId: card.buildingId,
          exclusionCount: issues.exclusionCount ?? 0,
          potentialCount: issues.potentialCount ?? 0,
          watchdogCount: issues.watchdogCount ?? 0,
          level: level ?? null,
          preRegistrationId: id,
        },
        // one denial and one round of security messages per attendant action (issue 10 §5)
        idempotencyKey,
      );
      await deps.realtime.publish({
        type: 'preregistration.changed',
        clientId: card.clientId,
        buildingId: card.buildingId,
        id,
      });
      return { ...result, visitorId };
    },

    /** CLOSE (spec 002 §4): dismisses the card. */
    async close(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'visitors.manage');
      const card = await requireCard(ctx, id);
      await repo.update(ctx.actor, id, { status: 'closed' });
      await deps.audit.record(ctx, {
        action: 'preregistration.closed',
        targetType: 'pre_registration',
        targetId: id,
        clientId: card.clientId,
        buildingId: card.buildingId,
      });
      await deps.realtime.publish({
        type: 'preregistration.changed',
        clientId: card.clientId,
        buildingId: card.buildingId,
        id,
      });
      return toCard((await repo.get(ctx.actor, id))!);
    },

    /**
     * Cancel a pre-registration check-in (spec 002 §4 "Cancel check-in"): the visit is closed as
     * cancelled and the card is scheduled again. Failure: 'Unable to cancel check-in.'
     */
    async cancelCheckIn(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      const card = await requireCard(ctx, id);
      if (card.status !== 'checked_in' || !card.visitId) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
      await deps.db.transaction(async (tx) => {
        const done = await visitsRepo.checkOut(
          ctx.actor,
          card.visitId!,
          { at: deps.now(), by: ctx.actor.userId, method: 'cancelled' },
          tx,
        );
        if (!done) throw new AppError('CONFLICT', MESSAGES.cancelCheckInFailed);
        await repo.update(ctx.actor, id, { status: 'scheduled' }, tx);
        await deps.realtime.publish(
          { type: 'visit.checked_out', clientId: card.clientId, buildingId: card.buildingId, id: card.visitId! },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: 'preregistration.check_in_cancelled',
            targetType: 'pre_registration',
            targetId: id,
            clientId: card.clientId,
            buildingId: card.buildingId,
          },
          tx,
        );
      });
      return { ok: true as const };
    },
  };
}
export type PreRegistrationsService = ReturnType<typeof createPreRegistrationsService>;
