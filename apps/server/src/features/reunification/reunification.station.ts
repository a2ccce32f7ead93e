import {
  can,
  REUNIFICATION_MESSAGES,
  type TReunificationBoard,
  type TReunificationEvent,
  type TReunificationLinkResponse,
  type TReunificationListResponse,
  type TReunificationReleaseRequest,
  type TReunificationReleaseResponse,
  type TReunificationStartRequest,
  type TReunificationVerifyRequest,
  type TReunificationVerifyResponse,
  type TStationRequestCreate,
} from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { interpolate, VISITOR_LANGUAGES } from '../../platform/i18n/catalogue';
import { reunificationText } from './i18n';
import { newToken, publicPathOf, type ReunificationCore, tokenHash, ZERO_COUNTS } from './reunification.core';

/** The station's use cases (issue 27 §3, ADR 0050): events, requests, verification, runners, releases. */
export function stationUseCases(core: ReunificationCore) {
  const { deps, repo, students, seal, eventOut, loadEvent, requestsOut, publish } = core;

  async function openEvent(ctx: RequestCtx, id: number) {
    const e = await loadEvent(ctx.actor, id);
    if (e.endedAt) throw conflict(REUNIFICATION_MESSAGES.ended);
    return e;
  }

  async function eventWithCounts(ctx: RequestCtx, id: number): Promise<TReunificationEvent> {
    const e = await loadEvent(ctx.actor, id);
    const counts = await repo.counts([e.id]);
    return eventOut(e, counts.get(e.id) ?? ZERO_COUNTS);
  }

  return {
    /**
     * Starts a reunification for a building: from an active emergency state of the building (any
     * staff of it), or on its own (an administrator). One open event per building.
     */
    async start(ctx: RequestCtx, body: TReunificationStartRequest): Promise<TReunificationEvent> {
      requirePermission(ctx.actor, 'reunification.station');
      const buildingId = body.buildingId ?? ctx.actor.buildingId ?? undefined;
      if (buildingId === undefined) throw badRequest('Choose a building.', { buildingId: ['Choose a building.'] });
      const building = await repo.building(ctx.actor, buildingId);
      if (!building) throw notFound('Building not found');
      if (body.stateId !== undefined) {
        if (!(await repo.activeState(ctx.actor, body.stateId, building.id)))
          throw notFound('Emergency state not found');
      } else if (!can(ctx.actor, 'reunification.manage')) throw forbidden(REUNIFICATION_MESSAGES.needsState);
      const token = newToken();
      const now = deps.now();
      const id = await repo.insertEvent({
        clientId: building.clientId,
        buildingId: building.id,
        stateId: body.stateId ?? null,
        tokenHash: tokenHash(token),
        tokenSealed: seal(token, building.clientId),
        startedBy: ctx.actor.userId,
        startedAt: now,
      });
      if (id === null) throw conflict(REUNIFICATION_MESSAGES.alreadyOpen(building.name));
      await deps.audit.record(ctx, {
        action: 'reunification.started',
        targetType: 'reunification',
        targetId: id,
        clientId: building.clientId,
        buildingId: building.id,
        details: { stateId: body.stateId ?? null },
      });
      await publish({ id, clientId: building.clientId, buildingId: building.id });
      return eventWithCounts(ctx, id);
    },

    /** The events in the actor's scope with live counts; totals across them (the district view). */
    async list(ctx: RequestCtx, open?: boolean): Promise<TReunificationListResponse> {
      requirePermission(ctx.actor, 'reunification.station');
      const rows = await repo.events(ctx.actor, { open });
      const counts = await repo.counts(rows.map((r) => r.id));
      const data = rows.map((r) => eventOut(r, counts.get(r.id) ?? ZERO_COUNTS));
      const totals = { ...ZERO_COUNTS };
      for (const e of data) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += e.counts[k];
      return { data, totals };
    },

    async board(ctx: RequestCtx, id: number): Promise<TReunificationBoard> {
      requirePermission(ctx.actor, 'reunification.station');
      const event = await eventWithCounts(ctx, id);
      return { event, requests: await requestsOut(ctx.actor, id) };
    },

    async end(ctx: RequestCtx, id: number): Promise<TReunificationEvent> {
      requirePermission(ctx.actor, 'reunification.manage');
      const e = await openEvent(ctx, id);
      if (!(await repo.end(ctx.actor, e.id, ctx.actor.userId, deps.now())))
        throw conflict(REUNIFICATION_MESSAGES.ended);
      await deps.audit.record(ctx, {
        action: 'reunification.ended',
        targetType: 'reunification',
        targetId: e.id,
        clientId: e.clientId,
        buildingId: e.buildingId,
      });
      await publish(e);
      return eventWithCounts(ctx, id);
    },

    /**
     * Sends the pre-request link (issue 27 §3: "a link the district sends by SMS/e-mail") to the
     * adults on file of the building's students, through the messenger (outbox when no transport).
     */
    async sendLink(ctx: RequestCtx, id: number): Promise<TReunificationLinkResponse> {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      const url = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${publicPathOf(core.openToken(e.tokenSealed, e.clientId))}`;
      const contacts = await repo.guardianContacts(e.buildingId);
      // issue 29 §1: a guardian's language is not on file, so every visitor language, English first;
      // the page opens in the family's choice of the six
      const all = VISITOR_LANGUAGES.map((l) => reunificationText.of(l).link);
      const email = all.map((t) => interpolate(t.email, { building: e.buildingName, url })).join('\n\n');
      const sms = `${e.buildingName}\n${all.map((t) => t.sms).join('\n')}\n${url}`;
      const subject = `${e.buildingName}: ${all.map((t) => t.subject).join(' / ')}`;
      const messages = contacts.flatMap((c) => [
        ...(c.email
          ? [
              {
                clientId: e.clientId,
                channel: 'email' as const,
                recipient: c.email,
                subject,
                body: email,
                kind: 'reunification.link',
              },
            ]
          : []),
        ...(c.phone
          ? [
              {
                clientId: e.clientId,
                channel: 'sms' as const,
                recipient: c.phone,
                body: sms,
                kind: 'reunification.link',
              },
            ]
          : []),
      ]);
      // stored first (outbox), delivered by the messenger; a failed delivery stays queued for the retry job
      const ids = await deps.messenger.enqueue(messages);
      void deps.messenger.deliver(ids).catch(() => undefined);
      await repo.markLinkSent(ctx.actor, e.id, deps.now());
      await deps.audit.record(ctx, {
        action: 'reunification.link_sent',
        targetType: 'reunification',
        targetId: e.id,
        clientId: e.clientId,
        buildingId: e.buildingId,
        details: { messages: ids.length },
      });
      return { sent: ids.length, message: REUNIFICATION_MESSAGES.linkSent(ids.length) };
    },

    /** An adult met at a station: their name and the children (students of the building) they ask for. */
    async createRequest(ctx: RequestCtx, id: number, body: TStationRequestCreate) {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      const found = await repo.studentsAt(ctx.actor, e.buildingId, [...new Set(body.studentIds)]);
      if (found.length === 0)
        throw badRequest(REUNIFICATION_MESSAGES.chooseChildren, {
          studentIds: [REUNIFICATION_MESSAGES.chooseChildren],
        });
      const requestId = await repo.insertRequest(
        {
          eventId: e.id,
          clientId: e.clientId,
          buildingId: e.buildingId,
          source: 'station',
          adultFirst: body.adultFirst,
          adultLast: body.adultLast,
          station: body.station,
          createdAt: deps.now(),
        },
        found.map((s) => ({ studentId: s.id, typedName: '' })),
      );
      await publish(e);
      const [request] = await requestsOut(ctx.actor, e.id, [requestId]);
      return request;
    },

    /**
     * The station checked the adult's ID and identified them as a person on file: the one release
     * rule is applied to every child asked for (students' `releaseOptions`); a child the rule
     * refuses is never offered and shows the refusal in the desk's words.
     */
    async verify(
      ctx: RequestCtx,
      id: number,
      requestId: number,
      body: TReunificationVerifyRequest,
    ): Promise<TReunificationVerifyResponse> {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      const [request] = await requestsOut(ctx.actor, e.id, [requestId]);
      if (!request) throw notFound('Request not found');
      const asked = request.children.filter(
        (c): c is typeof c & { studentId: number } =>
          c.studentId !== null && ['requested', 'offered', 'refused'].includes(c.status),
      );
      const options = await students.releaseOptions(ctx, {
        buildingId: e.buildingId,
        guardianId: body.guardianId,
        studentIds: asked.map((c) => c.studentId),
        verification: body.verification,
      });
      await repo.setVerified(
        ctx.actor,
        request.id,
        {
          guardianId: body.guardianId,
          station: body.station,
          verification: body.verification.method,
          screeningId: options.screeningId,
          by: ctx.actor.userId,
          at: deps.now(),
        },
        options.children,
      );
      await deps.audit.record(ctx, {
        action: 'reunification.verified',
        targetType: 'reunification',
        targetId: e.id,
        clientId: e.clientId,
        buildingId: e.buildingId,
        details: {
          requestId: request.id,
          guardianId: body.guardianId,
          method: body.verification.method,
          offered: options.children.filter((c) => c.allowed).map((c) => c.studentId),
          refused: options.children.filter((c) => !c.allowed).map((c) => c.studentId),
        },
      });
      await publish(e);
      const [after] = await requestsOut(ctx.actor, e.id, [request.id]);
      return { request: after, screeningId: options.screeningId };
    },

    /** A runner is sent for an offered child; the child's location comes from the roster marks. */
    async sendRunner(ctx: RequestCtx, id: number, childId: number, station: string) {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      const [child] = (await repo.children(ctx.actor, e.id)).filter((c) => c.id === childId);
      if (!child || child.studentId === null) throw notFound('Child not found');
      if (child.status !== 'offered') throw conflict(REUNIFICATION_MESSAGES.notOffered);
      const location = await repo.rosterLocation(e.stateId, e.buildingId, child.studentId);
      if (
        !(await repo.step(ctx.actor, e.id, childId, ['offered'], {
          status: 'sent',
          sentAt: deps.now(),
          location,
          station,
        }))
      )
        throw conflict(REUNIFICATION_MESSAGES.notOffered);
      await publish(e);
      return { ok: true as const };
    },

    async arrived(ctx: RequestCtx, id: number, childId: number, station: string) {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      if (!(await repo.step(ctx.actor, e.id, childId, ['sent'], { status: 'arrived', arrivedAt: deps.now(), station })))
        throw conflict(REUNIFICATION_MESSAGES.notSent);
      await publish(e);
      return { ok: true as const };
    },

    /**
     * The release (issue 27 §3): claimed once (two stations or a double submit release once), then
     * recorded by students' `recordPickup(…, 'reunification')` — the one rule again, at this moment,
     * with the adult's ID, the screening and the adult's photo — and the child leaves the roster.
     */
    async release(
      ctx: RequestCtx,
      id: number,
      childId: number,
      body: TReunificationReleaseRequest,
    ): Promise<TReunificationReleaseResponse> {
      requirePermission(ctx.actor, 'reunification.station');
      const e = await openEvent(ctx, id);
      const kids = await repo.children(ctx.actor, e.id);
      const child = kids.find((c) => c.id === childId);
      if (!child || child.studentId === null) throw notFound('Child not found');
      const [request] = await repo.requests(ctx.actor, e.id, [child.requestId]);
      if (!request?.guardianId) throw conflict(REUNIFICATION_MESSAGES.verifyFirst);
      if (child.status === 'released' || child.status === 'releasing')
        throw conflict(REUNIFICATION_MESSAGES.alreadyReleased);
      if (!(await repo.claimRelease(ctx.actor, e.id, childId, body.station)))
        throw conflict(
          (await repo.children(ctx.actor, e.id)).some(
            (c) => c.studentId === child.studentId && ['releasing', 'released'].includes(c.status),
          )
            ? REUNIFICATION_MESSAGES.alreadyReleased
            : REUNIFICATION_MESSAGES.notArrived,
        );
      let pickupId: number;
      try {
        const recorded = await students.recordPickup(
          ctx,
          child.studentId,
          {
            buildingId: e.buildingId,
            guardianId: request.guardianId,
            reasonId: null,
            photoFileId: body.photoFileId,
            screeningId: body.screeningId,
            verification: body.verification,
          },
          // a retry of this release answers the first; the claim above makes it one release per child
          `reunification:${e.id}:${childId}:${body.screeningId}:${body.photoFileId}`,
          'reunification',
        );
        pickupId = recorded.id;
      } catch (err) {
        // refused (the rule, a stale screening, no photo): the child stays at the station, nothing released
        await repo.undoClaim(ctx.actor, e.id, childId);
        throw err;
      }
      await repo.finishRelease(ctx.actor, e, {
        childId,
        studentId: child.studentId,
        pickupId,
        photoFileId: body.photoFileId,
        by: ctx.actor.userId,
        at: deps.now(),
      });
      await publish(e);
      return { pickupId, message: REUNIFICATION_MESSAGES.released };
    },
  };
}
