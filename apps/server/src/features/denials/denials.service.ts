import { can, MESSAGES, type TDenyEntryRequest, ZDenyEntryRequest } from '@sv/contracts';
import { parseConfidenceLevelList } from '@sv/domain';
import type { AppDeps } from '../../platform/deps';
import { requirePermission } from '../../platform/auth/permission';
import { AppError, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import { publishWebhook } from '../webhooks/index';
import type { VisitsRepository } from '../visits';
import { formatInZone } from '../../platform/time';
import type { VisitorsRepository } from '../visitors';
import type { DenialsRepository } from './denials.repository';

/**
 * Which contacts hear about a person: those whose notification confidence levels include the
 * match's level (issue 4); with no level (a denial or alert without a registry match), every
 * contact that receives notifications at any level.
 */
export function contactsForLevel<T extends { levels: string | null }>(all: T[], level: number | null | undefined) {
  return all.filter((c) => {
    const levels = parseConfidenceLevelList(c.levels);
    if (levels.length === 0) return false;
    return level == null ? true : levels.includes(level as never);
  });
}

/**
 * The security alert (e-mail and SMS to the district's security contacts whose notification levels
 * take it; `contactsForLevel`), through the messenger: DENY, "notify security", and (issue 22) a
 * refused or diverted student pickup, which the server raises on its own (the kiosk account has no
 * 'security.notify' permission, and must not need one to tell the office). Answers how many
 * contacts were reached; never throws for a delivery problem.
 */
export async function sendSecurityAlert(
  deps: AppDeps,
  repo: DenialsRepository,
  a: {
    clientId: number;
    buildingId: number;
    buildingName: string;
    timeZone: string;
    personName: string;
    dob: string | null;
    what: string;
    level?: number | null;
    reportedBy?: string;
  },
) {
  const info = await repo.buildingInfo(a.buildingId);
  const recipients = contactsForLevel(await repo.securityContacts(a.clientId, a.buildingId), a.level);
  const when = formatInZone(deps.now(), info?.timeZone ?? a.timeZone);
  const name = a.personName;
  const body = [
    `Security alert at ${info?.name ?? a.buildingName} (${[info?.street1, info?.city, info?.state].filter(Boolean).join(', ')}).`,
    `Person: ${name}${a.dob ? `, born ${a.dob}` : ''}.`,
    a.what,
    `Reported by ${a.reportedBy ?? 'the front desk'} at ${when}.`,
  ].join('\n');
  const messages = recipients.flatMap((c) => [
    ...(c.email
      ? [
          {
            clientId: a.clientId,
            channel: 'email' as const,
            recipient: c.email,
            subject: `Security alert: ${name} at ${info?.name ?? ''}`,
            body,
            kind: 'security-alert',
          },
        ]
      : []),
    ...(c.mobile
      ? [
          {
            clientId: a.clientId,
            channel: 'sms' as const,
            recipient: c.mobile,
            body: body.slice(0, 480),
            kind: 'security-alert',
          },
        ]
      : []),
  ]);
  if (messages.length === 0) return 0;
  await deps.messenger.send(messages);
  return recipients.length;
}

export function createDenialsService(
  deps: AppDeps,
  {
    repo,
    visitsRepo,
    visitorsRepo,
  }: { repo: DenialsRepository; visitsRepo: VisitsRepository; visitorsRepo: VisitorsRepository },
) {
  const idempotency = createIdempotency(deps.db);

  /**
   * Issue 10 §5: 20 identical concurrent denials made 20 denials and 80 messages. With a key, a
   * repeated request (double click, retry after a timeout) answers the first one's result and
   * records and sends nothing again; a concurrent duplicate answers 409 while the first runs.
   */
  function once<T>(ctx: RequestCtx, key: string | undefined, route: string, request: unknown, fn: () => Promise<T>) {
    return key ? idempotency.run(ctx.actor.userId, key, route, request, fn) : fn();
  }

  async function loadSubject(ctx: RequestCtx, visitorId: number, buildingId: number) {
    const building = await visitsRepo.getBuildingForDesk(ctx.actor, buildingId);
    if (!building) throw notFound('Building not found');
    const visitor = await visitorsRepo.get(ctx.actor, visitorId);
    if (!visitor || visitor.clientId !== building.clientId) throw notFound('Visitor not found');
    return { building, visitor };
  }

  /** Sends the alert; answers how many contacts were reached. Never throws for a delivery problem. */
  async function alertSecurity(
    subject: Awaited<ReturnType<typeof loadSubject>>,
    what: string,
    level: number | null | undefined,
  ) {
    return sendSecurityAlert(deps, repo, {
      clientId: subject.building.clientId,
      buildingId: subject.building.id,
      buildingName: subject.building.name,
      timeZone: subject.building.timeZone,
      personName: `${subject.visitor.firstname} ${subject.visitor.lastname}`.trim(),
      dob: subject.visitor.dob,
      what,
      level,
    });
  }

  const service = {
    /** The security alert other features raise on their own (issue 22: a refused student pickup). */
    securityAlert: (a: Parameters<typeof sendSecurityAlert>[2]) => sendSecurityAlert(deps, repo, a),

    /**
     * DENY (spec 002 §4): records the denied entry with the screening counts and notifies
     * security. Admins whose visitor has no active exclusion are offered the add-exclusion step.
     * The route requires an Idempotency-Key; the pre-registration DENY calls this without one.
     */
    async deny(ctx: RequestCtx, visitorId: number, raw: TDenyEntryRequest, idempotencyKey?: string) {
      requirePermission(ctx.actor, 'entry.deny');
      const input = ZDenyEntryRequest.parse(raw);
      const subject = await loadSubject(ctx, visitorId, input.buildingId);
      return once(ctx, idempotencyKey, 'entry.deny', { visitorId, input }, () =>
        denyOnce(ctx, visitorId, input, subject),
      );
    },

    /** Notify security about a person at any time (spec 002 §7 PUT /api/emergency); Idempotency-Key as DENY. */
    async notifySecurity(
      ctx: RequestCtx,
      visitorId: number,
      input: { buildingId: number; issues?: string; level?: number | null },
      idempotencyKey?: string,
    ) {
      requirePermission(ctx.actor, 'security.notify');
      const subject = await loadSubject(ctx, visitorId, input.buildingId);
      return once(ctx, idempotencyKey, 'security.notify', { visitorId, input }, () =>
        notifyOnce(ctx, visitorId, input, subject),
      );
    },
  };
  return service;

  async function denyOnce(
    ctx: RequestCtx,
    visitorId: number,
    input: ReturnType<typeof ZDenyEntryRequest.parse>,
    subject: Awaited<ReturnType<typeof loadSubject>>,
  ) {
    const deniedEntryId = await deps.db.transaction(async (tx) => {
      const id = await repo.insert(tx, {
        clientId: subject.building.clientId,
        buildingId: subject.building.id,
        visitorId,
        attendantId: ctx.actor.userId,
        deniedAt: deps.now(),
        exclusionCount: input.exclusionCount,
        potentialCount: input.potentialCount,
        watchdogCount: input.watchdogCount,
        preRegistrationId: input.preRegistrationId ?? null,
      });
      if (input.preRegistrationId)
        await repo.markPreRegistrationDenied(tx, input.preRegistrationId, subject.building.id);
      await deps.realtime.publish(
        { type: 'entry.denied', clientId: subject.building.clientId, buildingId: subject.building.id, id },
        tx,
      );
      // issue 28 §5 (ADR 0051): the district's webhooks, in the denial's transaction
      await publishWebhook(tx as unknown as Db, {
        type: 'entry.denied',
        clientId: subject.building.clientId,
        data: { deniedEntryId: id, visitorId, buildingId: subject.building.id },
        names: {
          firstName: subject.visitor.firstname,
          lastName: subject.visitor.lastname,
          buildingName: subject.building.name,
        },
      });
      await deps.audit.record(
        ctx,
        {
          action: 'entry.denied',
          targetType: 'visitor',
          targetId: visitorId,
          clientId: subject.building.clientId,
          buildingId: subject.building.id,
          details: {
            exclusionCount: input.exclusionCount,
            potentialCount: input.potentialCount,
            watchdogCount: input.watchdogCount,
          },
        },
        tx,
      );
      return id;
    });
    const what = `Entry was DENIED: ${input.exclusionCount} exclusion match(es), ${input.potentialCount} potential match(es), ${input.watchdogCount} registry match(es).`;
    const notified = await alertSecurity(subject, what, input.level);
    if (notified > 0) await repo.markNotified(ctx.actor, deniedEntryId);
    const hasActiveExclusion = await visitorsRepo.hasActiveExclusion(visitorId, subject.building.clientId);
    return {
      deniedEntryId,
      securityNotified: notified > 0,
      message: notified > 0 ? MESSAGES.securityNotified : MESSAGES.securityNotifyFailed,
      offerAddExclusion: can(ctx.actor, 'entry.denyAndExclude') && !hasActiveExclusion,
    };
  }

  async function notifyOnce(
    ctx: RequestCtx,
    visitorId: number,
    input: { buildingId: number; issues?: string; level?: number | null },
    subject: Awaited<ReturnType<typeof loadSubject>>,
  ) {
    const notified = await alertSecurity(
      subject,
      input.issues ? `Issues: ${input.issues}` : 'Please respond to the front desk.',
      input.level,
    );
    await deps.audit.record(ctx, {
      action: 'security.notified',
      targetType: 'visitor',
      targetId: visitorId,
      clientId: subject.building.clientId,
      buildingId: subject.building.id,
      details: { notified },
    });
    if (notified === 0) throw new AppError('UPSTREAM_UNAVAILABLE', MESSAGES.securityNotifyFailed);
    return { notified, message: MESSAGES.securityNotified };
  }
}
export type DenialsService = ReturnType<typeof createDenialsService>;
