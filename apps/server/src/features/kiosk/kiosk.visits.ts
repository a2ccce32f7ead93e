import { KIOSK_MESSAGES, type TKioskCheckOutRequest, type TKioskProblemRequest } from '@sv/contracts';
import { localDateOf, localTimeOf } from '@sv/domain';
import type { Db } from '../../platform/db/database';
import type { RequestCtx } from '../../platform/http/request-context';
import { HealthMeta, KIOSK_CARD_TEXT, kioskRepeatLine, foldWindowStart, type KioskCore } from './kiosk.core';

/** The kiosk check-out and the "report a problem" call (spec 002 §4, §7 Kiosk). */
export function visitsUseCases(core: KioskCore) {
  const {
    deps,
    repo,
    visitorsRepo,
    visitors,
    visits,
    registeredEntry,
    idempotency,
    kioskBuilding,
    publishCard,
    requireWithinLimit,
    matchesFor,
  } = core;
  return {
    /** POST /api/kiosk/check-outs (Idempotency-Key): by badge (or licence) scan, or by name and date of birth. */
    async checkOut(ctx: RequestCtx, body: TKioskCheckOutRequest, key: string) {
      const b = await kioskBuilding(ctx);
      return idempotency.run(ctx.actor.userId, key, 'kiosk.checkOut', body, async () => {
        let ids: { openVisit: { id: number; buildingId: number } | null }[];
        if ('raw' in body) {
          const scan = await visitors.scan(ctx, { raw: body.raw, buildingId: b.id, action: 'out' }, 'kiosk');
          if (scan.checkedOutVisitIds.length) return { checkedOut: scan.checkedOutVisitIds.length };
          // a volunteer's registration badge checks out their open visit here
          const reg = await registeredEntry.lookupBadge(b.clientId, b, body.raw, deps.now());
          const open = reg?.visitorId ? (await visitorsRepo.openVisitsOf([reg.visitorId])).get(reg.visitorId) : null;
          ids = open ? [{ openVisit: open }] : [];
        } else {
          ids = await matchesFor(b, body.person);
        }
        let checkedOut = 0;
        for (const m of ids) {
          if (m.openVisit && m.openVisit.buildingId === b.id) {
            await visits.checkOut(ctx, m.openVisit.id, 'kiosk');
            checkedOut++;
          }
        }
        return { checkedOut };
      });
    },
    /**
     * POST /api/kiosk/problems (Idempotency-Key): the problem screen tells the office. A health
     * banner Yes comes before the visitor is identified, so the card says only that someone at
     * the kiosk answered Yes; the attendant speaks with them and CLOSEs it.
     */
    async problem(ctx: RequestCtx, body: TKioskProblemRequest, key: string) {
      const b = await kioskBuilding(ctx);
      return idempotency.run(
        ctx.actor.userId,
        key,
        'kiosk.problem',
        body,
        async (complete) => {
          await requireWithinLimit(ctx, 'health', KIOSK_MESSAGES.tooManyHealth);
          await deps.db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const now = deps.now();
            // issue 22 "Floods": presses while the card waits refresh it (a count and the time)
            const waiting = await repo.pendingKioskCard(tx, b.id, { kind: 'health' }, foldWindowStart(now));
            const count = waiting ? ((waiting.issues as { health?: HealthMeta }).health?.count ?? 1) + 1 : 1;
            const issues = {
              summary: [
                KIOSK_CARD_TEXT.health,
                ...(count > 1 ? [kioskRepeatLine.health(count, localTimeOf(now, b.timeZone))] : []),
              ],
              findings: [],
              health: { count, lastAt: now.toISOString() } satisfies HealthMeta,
            };
            let id: number;
            if (waiting) {
              id = waiting.id;
              await repo.refreshCard(tx, id, { issues });
            } else {
              id = await repo.insertCard(tx, {
                clientId: b.clientId,
                buildingId: b.id,
                firstname: KIOSK_CARD_TEXT.healthName,
                lastname: '',
                visitDate: localDateOf(now, b.timeZone),
                status: 'pending',
                bgResults: false,
                issues,
              });
            }
            await complete(tx, { notified: true });
            await publishCard({ clientId: b.clientId, buildingId: b.id, id }, tx);
            await deps.audit.record(
              ctx,
              {
                action: 'kiosk.problem',
                targetType: 'pre_registration',
                targetId: id,
                clientId: b.clientId,
                buildingId: b.id,
                details: { kind: body.kind, count },
              },
              tx,
            );
          });
          return { notified: true };
        },
        async () => ({ notified: true }),
      );
    },
  };
}
