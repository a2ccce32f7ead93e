import type { TActor } from '@sv/contracts';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  arrestAlerts,
  arrestWatchRuns,
  clients,
  registrations,
  registrationTypes,
  type StoredArrestWatchContact,
  vendorCompanies,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';
import { atVersion } from '../../platform/db/versions';

/** A registration the watch screens, with what its type and district say about alerts. */
export interface WatchedRegistration {
  id: number;
  clientId: number;
  firstname: string;
  middlename: string;
  lastname: string;
  dob: string | null;
  city: string;
  state: string;
  zipcode: string;
  typeName: string;
  contacts: StoredArrestWatchContact[];
  clientSettings: unknown;
}

export interface NewAlert {
  clientId: number;
  registrationId: number;
  matchRef: string;
  level: number;
  reasons: string[];
  details: Record<string, unknown>;
  suspends: boolean;
  runId: number;
}

export type ArrestWatchRun = typeof arrestWatchRuns.$inferSelect;

/** How long a run may go without a heartbeat before another start takes it over (a crashed process). */
export const RUN_STALE_MS = 2 * 60_000;

export function createArrestWatchRepository(db: Db) {
  return {
    /**
     * The run to work on: the unfinished one (resumed from its cursor) unless another process is
     * still beating on it, else a new one. Null when a live run belongs to someone else.
     */
    async claimRun(
      trigger: string,
      now: Date,
      ownRunIds: ReadonlySet<number>,
      createIfNone = true,
    ): Promise<ArrestWatchRun | null> {
      return db.transaction(async (tx) => {
        // one claimer at a time across processes
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('arrest-watch-claim'))`);
        const [open] = await tx
          .select()
          .from(arrestWatchRuns)
          .where(isNull(arrestWatchRuns.finishedAt))
          .orderBy(asc(arrestWatchRuns.id))
          .limit(1);
        if (open) {
          const stale = now.getTime() - open.heartbeatAt.getTime() > RUN_STALE_MS;
          if (!stale && !ownRunIds.has(open.id)) return null;
          const [resumed] = await tx
            .update(arrestWatchRuns)
            .set({ heartbeatAt: now })
            .where(eq(arrestWatchRuns.id, open.id))
            .returning();
          return resumed;
        }
        if (!createIfNone) return null;
        const [created] = await tx
          .insert(arrestWatchRuns)
          .values({ trigger, startedAt: now, heartbeatAt: now })
          .returning();
        return created;
      });
    },

    /**
     * Queues a run for the next start to pick up (its heartbeat is old, so any process may claim
     * it): a registry import made by the CLI, or while another run is going, is never lost.
     */
    async queueRun(trigger: string, now: Date) {
      await db.insert(arrestWatchRuns).values({ trigger, startedAt: now, heartbeatAt: new Date(0) });
    },

    async hasUnfinishedRun(): Promise<boolean> {
      const [row] = await db
        .select({ id: arrestWatchRuns.id })
        .from(arrestWatchRuns)
        .where(isNull(arrestWatchRuns.finishedAt))
        .limit(1);
      return Boolean(row);
    },

    async lastRunStartedAt(): Promise<Date | null> {
      const [row] = await db.select({ at: sql<Date>`max(${arrestWatchRuns.startedAt})` }).from(arrestWatchRuns);
      return row?.at ? new Date(row.at) : null;
    },

    async getRun(id: number): Promise<ArrestWatchRun | undefined> {
      const [row] = await db.select().from(arrestWatchRuns).where(eq(arrestWatchRuns.id, id));
      return row;
    },

    /**
     * The next approved, unexpired registrations after `cursor`, in id order (the partial index
     * registrations_watch_idx), of types that are watched today (domain typeIsWatched, repeated
     * here as SQL so a batch is one query), and SafeVendor registrations of companies in arrest
     * watch (ADR 0014).
     */
    async nextBatch(cursor: number, limit: number, today: string): Promise<WatchedRegistration[]> {
      const rows = await db
        .select({
          id: registrations.id,
          clientId: registrations.clientId,
          firstname: registrations.firstname,
          middlename: registrations.middlename,
          lastname: registrations.lastname,
          dob: registrations.dob,
          city: registrations.city,
          state: registrations.state,
          zipcode: registrations.zipcode,
          // a SafeVendor registration (ADR 0014): its company names it; a company has no contacts,
          // so its alerts follow the district's desk gating policy (arrestMatchEffect)
          typeName: sql<string>`coalesce(${registrationTypes.name}, ${vendorCompanies.name}, '')`,
          contacts: sql<StoredArrestWatchContact[]>`coalesce(${registrationTypes.awContacts}, '[]'::jsonb)`,
          clientSettings: clients.settings,
        })
        .from(registrations)
        .leftJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
        .leftJoin(vendorCompanies, eq(vendorCompanies.id, registrations.vendorCompanyId))
        .innerJoin(clients, eq(clients.id, registrations.clientId))
        .where(
          and(
            gt(registrations.id, cursor),
            eq(registrations.approved, true),
            or(isNull(registrations.expDate), sql`${registrations.expDate} >= ${today}::date`),
            or(
              eq(registrationTypes.inArrestWatch, true),
              eq(registrationTypes.scheduledArrestWatchAll, true),
              sql`${registrationTypes.arrestWatchApprovalDate} <= ${today}::date`,
              // SafeVendor (ADR 0014): vendors of a company in arrest watch
              and(eq(registrations.vendor, true), eq(vendorCompanies.inArrestWatch, true)),
            ),
          ),
        )
        .orderBy(asc(registrations.id))
        .limit(limit);
      return rows;
    },

    /**
     * Records a batch: new alerts (a match already alerted, cleared or not, is skipped by the
     * unique index), suspensions, the contacts' messages, and the cursor — one transaction, so a
     * restart either redoes the whole batch (and the index drops the repeats) or none of it.
     */
    async commitBatch(
      tx: Db,
      input: { runId: number; cursor: number; processed: number; watchedIds: number[]; alerts: NewAlert[]; now: Date },
    ) {
      const inserted =
        input.alerts.length === 0
          ? []
          : await tx
              .insert(arrestAlerts)
              .values(input.alerts.map((a) => ({ ...a, createdAt: input.now })))
              .onConflictDoNothing({ target: [arrestAlerts.registrationId, arrestAlerts.matchRef] })
              .returning();
      const suspending = inserted.filter((a) => a.suspends);
      if (suspending.length > 0) {
        await tx
          .update(registrations)
          .set({
            suspendedAt: input.now,
            suspendedReason: 'Arrest-watch match awaiting review',
            updatedAt: input.now,
          })
          .where(
            and(
              inArray(
                registrations.id,
                suspending.map((a) => a.registrationId),
              ),
              isNull(registrations.suspendedAt),
            ),
          );
      }
      if (input.watchedIds.length > 0) {
        await tx.update(registrations).set({ watchedAt: input.now }).where(inArray(registrations.id, input.watchedIds));
      }
      await tx
        .update(arrestWatchRuns)
        .set({
          cursor: input.cursor,
          processed: sql`${arrestWatchRuns.processed} + ${input.processed}`,
          alerts: sql`${arrestWatchRuns.alerts} + ${inserted.length}`,
          heartbeatAt: input.now,
        })
        .where(eq(arrestWatchRuns.id, input.runId));
      return inserted;
    },

    async finishRun(runId: number, now: Date) {
      await db.update(arrestWatchRuns).set({ finishedAt: now, heartbeatAt: now }).where(eq(arrestWatchRuns.id, runId));
    },

    async markNotified(tx: Db, alertIds: number[], now: Date) {
      if (alertIds.length === 0) return;
      await tx.update(arrestAlerts).set({ notifiedAt: now }).where(inArray(arrestAlerts.id, alertIds));
    },

    /** One alert in the actor's scope, with its registration's name and type. */
    async findAlert(actor: TActor, id: number) {
      const [row] = await db
        .select({
          alert: arrestAlerts,
          firstname: registrations.firstname,
          lastname: registrations.lastname,
          // the type, or a SafeVendor registration's company (ADR 0014)
          typeName: sql<string>`coalesce(${registrationTypes.name}, ${vendorCompanies.name}, '')`,
        })
        .from(arrestAlerts)
        .innerJoin(registrations, eq(registrations.id, arrestAlerts.registrationId))
        .leftJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
        .leftJoin(vendorCompanies, eq(vendorCompanies.id, registrations.vendorCompanyId))
        .where(and(eq(arrestAlerts.id, id), clientFilter(actor, arrestAlerts.clientId)))
        .limit(1);
      return row;
    },

    /**
     * Records the review; a cleared alert lifts the suspension when no other suspending alert of
     * that registration is still open.
     */
    async review(
      actor: TActor,
      id: number,
      input: { decision: 'cleared' | 'confirmed'; note: string; version: number; userId: number | null; now: Date },
    ) {
      return db.transaction(async (tx) => {
        const [alert] = await tx
          .update(arrestAlerts)
          .set({ status: input.decision, reviewNote: input.note, reviewedBy: input.userId, reviewedAt: input.now })
          .where(
            and(
              eq(arrestAlerts.id, id),
              clientFilter(actor, arrestAlerts.clientId),
              atVersion(arrestAlerts.version, input.version),
            ),
          )
          .returning();
        if (!alert) return null;
        let liftedSuspension = false;
        if (input.decision === 'cleared') {
          const [stillOpen] = await tx
            .select({ id: arrestAlerts.id })
            .from(arrestAlerts)
            .where(
              and(
                eq(arrestAlerts.registrationId, alert.registrationId),
                eq(arrestAlerts.suspends, true),
                inArray(arrestAlerts.status, ['open', 'confirmed']),
              ),
            )
            .limit(1);
          if (!stillOpen) {
            const lifted = await tx
              .update(registrations)
              .set({ suspendedAt: null, suspendedReason: null, updatedAt: input.now })
              .where(and(eq(registrations.id, alert.registrationId), sql`${registrations.suspendedAt} is not null`))
              .returning({ id: registrations.id });
            liftedSuspension = lifted.length > 0;
          }
        } else {
          await tx
            .update(registrations)
            .set({
              suspendedAt: sql`coalesce(${registrations.suspendedAt}, ${input.now.toISOString()}::timestamptz)`,
              suspendedReason: 'Arrest-watch match confirmed by an administrator',
              updatedAt: input.now,
            })
            .where(eq(registrations.id, alert.registrationId));
        }
        return { alert, liftedSuspension };
      });
    },
  };
}
export type ArrestWatchRepository = ReturnType<typeof createArrestWatchRepository>;
