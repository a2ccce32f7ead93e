import { CONSTANTS, type TArrestAlert } from '@sv/contracts';
import {
  arrestMatchEffect,
  confidenceLabel,
  localDateOf,
  scoreRegistryCandidate,
  zonedTimeToInstant,
  type ConfidenceLevelId,
} from '@sv/domain';
import { offenderRef, type NsopwOffender, type OffenderRegistry } from '../../integrations/registry/offender-registry';
import { createRegistryFromConfig } from '../../integrations/registry/registry-provider';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { MessageInput } from '../../platform/messaging/messenger';
import { publishWebhook } from '../webhooks/index';
import {
  type ArrestWatchRun,
  createArrestWatchRepository,
  type NewAlert,
  type WatchedRegistration,
} from './arrest-watch.repository';

/** Registrations screened per committed batch (one transaction each: alerts, messages, cursor). */
export const ARREST_WATCH_BATCH = 250;
/** Registry searches in flight at once within a batch. */
const SEARCH_CONCURRENCY = 8;
/** Local hour of the nightly run (issue 11: "on a schedule (nightly by default)"). */
export const NIGHTLY_HOUR = '02:00';

export interface ArrestWatchSummary {
  runId: number | null;
  processed: number;
  alerts: number;
  /** registrations whose registry search failed in this run (retried by the next run) */
  searchFailures: number;
  /** why nothing ran: another process holds the live run */
  skipped?: 'busy';
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function offenderDetails(o: NsopwOffender): Record<string, unknown> {
  const home = o.locations.find((l) => l.type === 'R') ?? o.locations[0];
  return {
    name: [o.name.firstName, o.name.middleName, o.name.lastName, o.name.suffix].filter(Boolean).join(' '),
    dob: o.dob ?? null,
    jurisdiction: o.jurisdictionId,
    address: home ? [home.streetAddress, home.city, home.state, home.zipCode].filter(Boolean).join(', ') : null,
    absconder: o.absconder === true,
    offenderUri: o.offenderUri ?? null,
    imageUri: o.imageUri ?? null,
  };
}

function toAlert(
  row: NonNullable<Awaited<ReturnType<ReturnType<typeof createArrestWatchRepository>['findAlert']>>>,
): TArrestAlert {
  const a = row.alert;
  return {
    id: a.id,
    registrationId: a.registrationId,
    registrationName: `${row.firstname} ${row.lastname}`,
    registrationType: row.typeName,
    level: a.level,
    levelLabel: confidenceLabel(a.level) ?? String(a.level),
    reasons: a.reasons,
    details: a.details,
    status: a.status as TArrestAlert['status'],
    suspends: a.suspends,
    createdAt: a.createdAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    reviewNote: a.reviewNote,
    version: a.version,
  };
}

/**
 * Arrest watch (spec 001 §3, §4; issue 11 "Arrest watch"; ADR 0013): approved registrations of
 * watched types are screened against the offender registry on a schedule and after every registry
 * import. A new match is an alert (once per registration and match, for ever: a cleared match stays
 * cleared); the type's contacts are told according to their notification levels and a match at
 * one of their badge levels suspends the registration until an administrator reviews it.
 */
export function createArrestWatchService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createArrestWatchRepository> },
) {
  const registry: OffenderRegistry = deps.registry ?? createRegistryFromConfig(deps.config, deps.db);
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  /** runs this process is working on (a second start in the same process waits its turn) */
  const ownRuns = new Set<number>();
  let running: Promise<ArrestWatchSummary> | null = null;

  async function search(reg: WatchedRegistration & { dob: string }) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deps.config.REGISTRY_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([
        registry.search({ firstName: reg.firstname, lastName: reg.lastname, dob: reg.dob }).catch(() => null),
        timeout,
      ]);
      return answer && answer.status !== 'failed' ? answer : null;
    } finally {
      clearTimeout(timer);
    }
  }

  function messagesFor(reg: WatchedRegistration, alert: { id: number; level: number }): MessageInput[] {
    const level = alert.level as ConfidenceLevelId;
    const effect = arrestMatchEffect(
      level,
      reg.contacts,
      (reg.clientSettings as { registryGating?: string })?.registryGating,
    );
    const label = confidenceLabel(level) ?? String(level);
    // The link leads to the registration (sign-in required); the message names the person only
    // in the e-mail to the district's own arrest-watch contacts, never in an SMS.
    const link = `${base}/registration/${reg.id}`;
    const out: MessageInput[] = [];
    for (const c of effect.notify) {
      if (c.email) {
        out.push({
          clientId: reg.clientId,
          channel: 'email',
          recipient: c.email,
          subject: `Arrest watch alert: ${reg.typeName} (${label})`,
          body: [
            `Arrest watch found a new sex-offender registry match for an approved ${reg.typeName} registration.`,
            '',
            `Registration: ${reg.firstname} ${reg.lastname} (#${reg.id})`,
            `Confidence: ${label}`,
            effect.suspends ? 'The registration is suspended until an administrator reviews the alert.' : '',
            '',
            `Review it: ${link}`,
          ]
            .filter((l, i, all) => l !== '' || all[i - 1] !== '')
            .join('\n'),
          kind: 'arrest-watch.alert',
        });
      }
      if (c.mobile) {
        out.push({
          clientId: reg.clientId,
          channel: 'sms',
          recipient: c.mobile,
          body: `SafeVisitor arrest watch: new ${label} match on a ${reg.typeName} registration. Review: ${link}`,
          kind: 'arrest-watch.alert',
        });
      }
    }
    return out;
  }

  /** Works through the claimed run, then any run queued meanwhile (a registry import during a run). */
  async function runOnce(trigger: string): Promise<ArrestWatchSummary> {
    let run = await repo.claimRun(trigger, deps.now(), ownRuns);
    if (!run) return { runId: null, processed: 0, alerts: 0, searchFailures: 0, skipped: 'busy' };
    const total: ArrestWatchSummary = { runId: run.id, processed: 0, alerts: 0, searchFailures: 0 };
    while (run) {
      const one = await processRun(run);
      total.runId = one.runId;
      total.processed += one.processed;
      total.alerts += one.alerts;
      total.searchFailures += one.searchFailures;
      run = await repo.claimRun(trigger, deps.now(), ownRuns, false);
    }
    return total;
  }

  async function processRun(run: ArrestWatchRun): Promise<ArrestWatchSummary> {
    ownRuns.add(run.id);
    let cursor = run.cursor;
    let processed = 0;
    let alerts = 0;
    let searchFailures = 0;
    try {
      for (;;) {
        const now = deps.now();
        const today = localDateOf(now, CONSTANTS.defaultTimeZone);
        const batch = await repo.nextBatch(cursor, ARREST_WATCH_BATCH, today);
        if (batch.length === 0) break;
        const answers = await mapLimit(batch, SEARCH_CONCURRENCY, (reg) =>
          reg.dob ? search(reg as WatchedRegistration & { dob: string }) : Promise.resolve(null),
        );
        const candidates: NewAlert[] = [];
        const watchedIds: number[] = [];
        batch.forEach((reg, i) => {
          const answer = answers[i];
          if (!reg.dob) return;
          if (!answer) {
            searchFailures++;
            return;
          }
          watchedIds.push(reg.id);
          const person = {
            firstName: reg.firstname,
            middleName: reg.middlename,
            lastName: reg.lastname,
            dateOfBirth: reg.dob,
            city: reg.city,
            state: reg.state,
            postalCode: reg.zipcode,
          };
          const seen = new Set<string>();
          for (const offender of answer.offenders) {
            const ref = offenderRef(offender);
            if (seen.has(ref)) continue;
            seen.add(ref);
            const score = scoreRegistryCandidate(person, offender);
            if (!score) continue;
            const gating = (reg.clientSettings as { registryGating?: string })?.registryGating;
            const effect = arrestMatchEffect(score.level, reg.contacts, gating);
            if (!effect.alert) continue;
            candidates.push({
              clientId: reg.clientId,
              registrationId: reg.id,
              matchRef: `registry:${ref}`,
              level: score.level,
              reasons: score.reasons,
              details: offenderDetails(offender),
              suspends: effect.suspends,
              runId: run.id,
            });
          }
        });
        const last = batch[batch.length - 1].id;
        const byId = new Map(batch.map((r) => [r.id, r]));
        const messageIds = await deps.db.transaction(async (tx) => {
          const inserted = await repo.commitBatch(tx as unknown as Db, {
            runId: run.id,
            cursor: last,
            processed: batch.length,
            watchedIds,
            alerts: candidates,
            now,
          });
          alerts += inserted.length;
          // the contacts' messages are stored with the alerts: told once, exactly when alerted
          const perAlert = inserted.map((a) => ({ id: a.id, messages: messagesFor(byId.get(a.registrationId)!, a) }));
          // issue 28 §5 (ADR 0051): each new alert to the district's webhooks, with the alerts
          for (const a of inserted) {
            const reg = byId.get(a.registrationId)!;
            await publishWebhook(tx as unknown as Db, {
              type: 'arrest_alert.raised',
              clientId: a.clientId,
              data: { alertId: a.id, registrationId: a.registrationId },
              names: { firstName: reg.firstname, lastName: reg.lastname },
              occurredAt: now,
            });
          }
          await repo.markNotified(
            tx as unknown as Db,
            perAlert.filter((a) => a.messages.length > 0).map((a) => a.id),
            now,
          );
          return deps.messenger.enqueue(
            perAlert.flatMap((a) => a.messages),
            tx as unknown as Db,
          );
        });
        await deps.messenger.deliver(messageIds);
        cursor = last;
        processed += batch.length;
      }
      await repo.finishRun(run.id, deps.now());
      return { runId: run.id, processed, alerts, searchFailures };
    } finally {
      ownRuns.delete(run.id);
    }
  }

  return {
    /**
     * Runs (or resumes) arrest watch to the end. Concurrent calls in this process share one run;
     * another process's live run is left alone ('busy').
     */
    async run(trigger: 'nightly' | 'registry-import' | 'manual'): Promise<ArrestWatchSummary> {
      if (running) return running;
      running = runOnce(trigger).finally(() => {
        running = null;
      });
      return running;
    },

    /**
     * A registry import (issue 11: "whenever the registry is re-imported"): queue a full run and
     * start working on it now; the caller does not wait.
     */
    async queue(trigger: 'registry-import' | 'manual'): Promise<ArrestWatchSummary> {
      await repo.queueRun(trigger, deps.now());
      return this.run(trigger);
    },

    /**
     * The scheduler's check (ADR 0005 sweep): resume an interrupted run, or start the nightly run
     * once the district-default zone's NIGHTLY_HOUR has passed and no run started since.
     */
    async runIfDue(): Promise<ArrestWatchSummary | null> {
      const now = deps.now();
      const today = localDateOf(now, CONSTANTS.defaultTimeZone);
      const tonight = zonedTimeToInstant(today, NIGHTLY_HOUR, CONSTANTS.defaultTimeZone);
      const dueAt =
        now >= tonight
          ? tonight
          : zonedTimeToInstant(
              localDateOf(new Date(now.getTime() - 24 * 3600_000), CONSTANTS.defaultTimeZone),
              NIGHTLY_HOUR,
              CONSTANTS.defaultTimeZone,
            );
      const last = await repo.lastRunStartedAt();
      const unfinished = await repo.hasUnfinishedRun();
      if (unfinished || !last || last < dueAt) return this.run('nightly');
      return null;
    },

    async getAlert(ctx: RequestCtx, id: number): Promise<TArrestAlert> {
      requirePermission(ctx.actor, 'arrestAlerts.read');
      const row = await repo.findAlert(ctx.actor, id);
      if (!row) throw notFound('Arrest alert not found');
      deps.audit.read(ctx, {
        action: 'arrestAlert.read',
        targetType: 'arrest_alert',
        targetId: id,
        clientId: row.alert.clientId,
        details: { registrationId: row.alert.registrationId },
      });
      return toAlert(row);
    },

    async review(
      ctx: RequestCtx,
      id: number,
      input: { decision: 'cleared' | 'confirmed'; note: string; version: number },
    ) {
      requirePermission(ctx.actor, 'arrestAlerts.review');
      // issue 23 §4: a review names the version it saw, so a "confirmed" made meanwhile is never
      // silently turned into "cleared" (last writer no longer wins)
      const current = await repo.findAlert(ctx.actor, id);
      if (!current) throw notFound('Arrest alert not found');
      refuseStale(current.alert, input.version);
      const result = await repo.review(ctx.actor, id, { ...input, userId: ctx.actor.userId ?? null, now: deps.now() });
      mustHaveSaved(result);
      await deps.audit.record(ctx, {
        action: 'arrestAlert.review',
        targetType: 'arrest_alert',
        targetId: id,
        clientId: result.alert.clientId,
        details: {
          registrationId: result.alert.registrationId,
          decision: input.decision,
          liftedSuspension: result.liftedSuspension,
        },
      });
      const row = await repo.findAlert(ctx.actor, id);
      return toAlert(row!);
    },
  };
}
export type ArrestWatchService = ReturnType<typeof createArrestWatchService>;
