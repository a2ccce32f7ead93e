import {
  PASS_MESSAGES,
  SCREENING_MESSAGES,
  type TKioskPassCheckInResponse,
  type TVisitorPassRow,
  type TVisitorType,
  type ZKioskPassCheckInRequest,
  type ZVisitorPassCreate,
  type ZVisitorPassListQuery,
} from '@sv/contracts';
import { zonedTimeToInstant } from '@sv/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { type VisitorLanguage, visitorLanguageOf } from '../../platform/i18n/catalogue';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { notifyFrontDesk } from '../../platform/realtime/realtime';
import { screenCardsById } from '../exclusions';
import type { HostsRepository } from '../hosts';
import { ensureCardVisitor, type PreRegistrationsRepository } from '../preregistrations';
import { type ScreeningService, undecidedFindings } from '../screening';
import type { VisitorsRepository } from '../visitors';
import type { VisitsService } from '../visits';
import { passEmail, passIcs, passQrPng, passSms } from './pass-message';
import { createPassSigner, parsePass, passRefusal } from './pass-token';
import type { VisitorPassesRepository } from './visitor-passes.repository';

type Card = NonNullable<Awaited<ReturnType<VisitorPassesRepository['cardForPass']>>>;
/** The kiosk's and desk's sentence for a pass that cannot be used (a 409 with the message). */
const refused = (message: string) => new AppError('CONFLICT', message);

/**
 * Visitor passes (issue 28 §2–3, ADR 0053). A pass is a pre-registration card with a host, a
 * window and a signed token: it is on the dashboard's "Scheduled today", screened before arrival
 * as every card is (exclusion flags in the writer's transaction, the registry sweep), and arrival
 * by pass goes through the one check-in (`visits.checkIn`: the admission gate decides).
 */
export function createVisitorPassesService(
  deps: AppDeps,
  {
    repo,
    cards,
    visitorsRepo,
    hostsRepo,
    visits,
    screening,
  }: {
    repo: VisitorPassesRepository;
    cards: PreRegistrationsRepository;
    visitorsRepo: VisitorsRepository;
    hostsRepo: HostsRepository;
    visits: VisitsService;
    screening: ScreeningService;
  },
) {
  const signer = createPassSigner(deps.config.APP_SECRET);
  const fileStore = createFileStore(deps.db);

  /** The card a scanned pass names, usable at this building now; else a 409 with the clear message. */
  async function usableCard(ctx: RequestCtx, token: string, buildingId: number): Promise<Card> {
    const parsed = parsePass(token);
    if (!parsed) throw refused(PASS_MESSAGES.invalid);
    const card = await repo.cardForPass(ctx.actor, parsed.id);
    if (!card) throw refused(PASS_MESSAGES.invalid);
    const refusal = passRefusal(card, parsed, signer, { buildingId, now: deps.now() });
    if (refusal) throw refused(refusal);
    return card;
  }

  /** One pass as the list shows it, in the actor's scope (404 otherwise). */
  async function rowOf(ctx: RequestCtx, id: number): Promise<TVisitorPassRow> {
    const page = await repo.list(ctx.actor, { q: '', page: 1, perPage: 1, sort: 'id', dir: 'asc' }, deps.now(), id);
    const row = page.data[0];
    if (!row) throw notFound('Pass not found');
    return row;
  }

  const ensureVisitor = (card: Card) => ensureCardVisitor(deps.db, { repo: cards, visitorsRepo }, card);

  /** The pass's messages (e-mail with the QR code and the calendar file; SMS), queued in `tx`. */
  async function queuePass(
    ctx: RequestCtx,
    tx: Db,
    card: {
      id: number;
      firstname: string;
      email: string;
      phone: string;
      windowStart: Date;
      windowEnd: Date;
      instructions: string;
      hostName: string;
      language: VisitorLanguage;
    },
    building: NonNullable<Awaited<ReturnType<VisitorPassesRepository['building']>>>,
  ) {
    const { token, nonceHash } = signer.issue({
      id: card.id,
      buildingId: building.id,
      windowStart: card.windowStart,
      windowEnd: card.windowEnd,
    });
    await repo.setPass(tx, ctx.actor, card.id, nonceHash);
    const content = { ...card, token, building, districtName: building.districtName };
    const messages = [];
    if (card.email) {
      const [qr, ics] = await Promise.all([passQrPng(token), Promise.resolve(passIcs(content, deps.now()))]);
      const qrId = await fileStore.saveDocument(ctx, building.clientId, 'visitor-pass', 'image/png', qr, tx);
      const icsId = await fileStore.saveDocument(
        ctx,
        building.clientId,
        'visitor-pass',
        'text/calendar',
        Buffer.from(ics),
        tx,
      );
      messages.push({
        clientId: building.clientId,
        channel: 'email' as const,
        recipient: card.email,
        ...passEmail(content),
        kind: 'visitor_pass',
        attachments: [
          { fileId: qrId, fileName: 'pass.png' },
          { fileId: icsId, fileName: 'invitation.ics' },
        ],
      });
    }
    if (card.phone)
      messages.push({
        clientId: building.clientId,
        channel: 'sms' as const,
        recipient: card.phone,
        body: passSms(content),
        kind: 'visitor_pass',
      });
    return deps.messenger.enqueue(messages, tx);
  }

  type Building = NonNullable<Awaited<ReturnType<VisitorPassesRepository['building']>>>;
  /**
   * One invitation in `tx` (the form's and each row of the group file's): the card (scheduled on
   * the window's local day, with its host), screened against the exclusion list in this
   * transaction as every card is (issue 22), the pass queued with it, the dashboards told, audited.
   */
  async function inviteIn(
    ctx: RequestCtx,
    tx: Db,
    building: Building,
    v: Omit<z.output<typeof ZVisitorPassCreate>, 'buildingId' | 'hostId' | 'startTime' | 'endTime'> & {
      host: { id: number; name: string } | null;
      windowStart: Date;
      windowEnd: Date;
      importKey: string | null;
    },
  ) {
    const visiting = v.host?.name ?? v.visiting;
    const id = await repo.insertCard(tx, {
      clientId: building.clientId,
      buildingId: building.id,
      firstname: v.firstname,
      lastname: v.lastname,
      dob: v.dob,
      email: v.email,
      phone: v.mobile,
      visitDate: v.visitDate,
      visiting,
      reason: v.reason,
      visitorType: v.visitorType,
      status: 'scheduled',
      hostId: v.host?.id ?? null,
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      passInstructions: v.instructions,
      passLanguage: v.language,
      invitedBy: ctx.actor.userId,
      importKey: v.importKey,
    });
    await screenCardsById(tx, [id]);
    const messageIds = await queuePass(
      ctx,
      tx,
      {
        id,
        firstname: v.firstname,
        email: v.email,
        phone: v.mobile,
        windowStart: v.windowStart,
        windowEnd: v.windowEnd,
        instructions: v.instructions,
        hostName: visiting,
        language: v.language,
      },
      building,
    );
    await notifyFrontDesk(tx, {
      type: 'preregistration.changed',
      clientId: building.clientId,
      buildingId: building.id,
    });
    await deps.audit.record(
      ctx,
      {
        action: 'visitor_pass.create',
        targetType: 'pre_registration',
        targetId: id,
        clientId: building.clientId,
        buildingId: building.id,
        details: {
          hostId: v.host?.id ?? null,
          messages: messageIds.length,
          ...(v.importKey ? { imported: true } : {}),
        },
      },
      tx,
    );
    return { id, messageIds };
  }

  return {
    /**
     * Invite a visitor (issue 28 §2): the card (scheduled on the window's local day, with its host),
     * screened against the exclusion list in this transaction, and the pass queued with it; sent
     * after the commit (a failed send stays queued for the retry job, in the Message Outbox).
     */
    async invite(ctx: RequestCtx, body: z.output<typeof ZVisitorPassCreate>): Promise<TVisitorPassRow> {
      requirePermission(ctx.actor, 'passes.manage');
      const building = await repo.building(ctx.actor, body.buildingId);
      if (!building) throw notFound('Building not found');
      if (!building.active) throw badRequest('This building is inactive.');
      const host = body.hostId
        ? await hostsRepo.usableAt(ctx.actor, body.hostId, building.clientId, building.id)
        : null;
      if (body.hostId && !host)
        throw badRequest('Choose a host from the list.', { hostId: ['Choose a host from the list'] });
      // the window is the building's wall clock (security guide: never the browser's offset)
      const windowStart = zonedTimeToInstant(body.visitDate, body.startTime, building.timeZone);
      const windowEnd = zonedTimeToInstant(body.visitDate, body.endTime, building.timeZone);
      if (windowEnd.getTime() <= deps.now().getTime())
        throw badRequest('This visit would already be over. Choose a later time.', {
          endTime: ['Choose a later time'],
        });
      const { id, messageIds } = await deps.db.transaction(async (txRaw) =>
        inviteIn(ctx, txRaw as unknown as Db, building, { ...body, host, windowStart, windowEnd, importKey: null }),
      );
      deps.realtime.reads.invalidate(building.id);
      void deps.messenger.deliver(messageIds).catch(() => {});
      return rowOf(ctx, id);
    },

    /**
     * Group invitations from a file (issue 28 §2, `visitor-passes.import.ts`): the building the
     * file is for, in the actor's scope; a row's window in the building's wall clock, refused when
     * already over; the host a "Host" cell names (else the text stays "Person visiting").
     */
    async importBuilding(ctx: RequestCtx, buildingId: number, tx: Db) {
      requirePermission(ctx.actor, 'passes.manage');
      const building = await repo.building(ctx.actor, buildingId, tx);
      if (!building) throw notFound('Building not found');
      if (!building.active) throw badRequest('This building is inactive.');
      return building;
    },
    importWindow(building: Building, visitDate: string, startTime: string, endTime: string) {
      const windowStart = zonedTimeToInstant(visitDate, startTime, building.timeZone);
      const windowEnd = zonedTimeToInstant(visitDate, endTime, building.timeZone);
      return { windowStart, windowEnd, over: windowEnd.getTime() <= deps.now().getTime() };
    },
    async importRows(
      ctx: RequestCtx,
      tx: Db,
      building: Building,
      rows: (Omit<z.output<typeof ZVisitorPassCreate>, 'buildingId' | 'hostId'> & {
        hostText: string;
        importKey: string;
      })[],
    ) {
      requirePermission(ctx.actor, 'passes.manage');
      const ids: number[] = [];
      for (const r of rows) {
        const host = await hostsRepo.matchUsableAt(ctx.actor, r.hostText, building.clientId, building.id, tx);
        const { windowStart, windowEnd } = this.importWindow(building, r.visitDate, r.startTime, r.endTime);
        const { id } = await inviteIn(ctx, tx, building, {
          ...r,
          visiting: host ? r.visiting : r.visiting || r.hostText,
          host,
          windowStart,
          windowEnd,
        });
        ids.push(id);
      }
      return ids;
    },

    importExistingKeys(buildingId: number, keys: string[], tx: Db) {
      return repo.existingImportKeys(buildingId, keys, tx);
    },
    async importUndo(ctx: RequestCtx, ids: number[], tx: Db) {
      requirePermission(ctx.actor, 'passes.manage');
      const removed = await repo.deleteUnused(ctx.actor, ids, tx);
      for (const b of new Set(removed.map((r) => r.buildingId))) {
        const clientId = removed.find((r) => r.buildingId === b)!.clientId;
        await notifyFrontDesk(tx, { type: 'preregistration.changed', clientId, buildingId: b });
      }
      return { removed: removed.length, kept: ids.length - removed.length };
    },

    async get(ctx: RequestCtx, id: number): Promise<TVisitorPassRow> {
      requirePermission(ctx.actor, 'passes.manage');
      return rowOf(ctx, id);
    },

    async list(ctx: RequestCtx, query: z.output<typeof ZVisitorPassListQuery>) {
      requirePermission(ctx.actor, 'passes.manage');
      if (query.buildingId !== undefined && !(await repo.building(ctx.actor, query.buildingId)))
        throw notFound('Building not found');
      return repo.list(ctx.actor, query, deps.now());
    },

    /** Revoke (issue 28 §2): the pass stops admitting at once; the card stays on the dashboard for the desk. */
    async revoke(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'passes.manage');
      const done = await repo.revoke(ctx.actor, id, deps.now());
      if (!done) {
        const card = await cards.get(ctx.actor, id);
        if (!card?.passNonce) throw notFound('Pass not found');
        return { ok: true as const };
      }
      await deps.audit.record(ctx, {
        action: 'visitor_pass.revoke',
        targetType: 'pre_registration',
        targetId: id,
        clientId: done.clientId,
        buildingId: done.buildingId,
      });
      return { ok: true as const };
    },

    /**
     * The desk's scan of a pass (issue 28 §3): the card's visitor record, so the desk opens the same
     * screening step as a scheduled card's "Check in" (prefilled; the admission gate decides).
     */
    async deskScan(ctx: RequestCtx, token: string, buildingId: number) {
      requirePermission(ctx.actor, 'visits.checkIn');
      const building = await repo.building(ctx.actor, buildingId);
      if (!building) throw notFound('Building not found');
      const card = await usableCard(ctx, token, building.id);
      if (!['scheduled', 'pending'].includes(card.status)) throw refused(PASS_MESSAGES.used);
      return {
        preRegistrationId: card.id,
        visitorId: await ensureVisitor(card),
        hostId: card.hostId,
        visiting: card.visiting,
      };
    },

    /** The kiosk's scan (issue 28 §3): who the pass is for, named as the lobby screen names people. */
    async kioskScan(ctx: RequestCtx, token: string) {
      requirePermission(ctx.actor, 'kiosk.use');
      const building = ctx.actor.buildingId ? await repo.building(ctx.actor, ctx.actor.buildingId) : null;
      if (!building) throw notFound('Building not found');
      const card = await usableCard(ctx, token, building.id);
      // the building's kiosk photo rule (spec 002 §3), as the check-in applies it
      const photo =
        card.visitorType === 'volunteer'
          ? building.requireKioskVolunteerPhotoCheckIn
          : building.requireKioskVisitorPhotoCheckIn;
      return {
        displayName:
          `${card.firstname.trim()} ${card.lastname.trim() ? `${card.lastname.trim()[0]!.toUpperCase()}.` : ''}`.trim(),
        visiting: card.visiting,
        buildingName: building.name,
        photoRequired: photo,
      };
    },

    /**
     * Arrival by pass at the kiosk (issue 28 §3): the person is screened now, exactly as at any
     * sign-in; only a screening with nothing to decide is checked in, through `visits.checkIn` (the
     * admission gate looks again). Anything else puts the card in front of the desk with what was
     * found (the visitor is asked to see the office). One check-in per pass however often it is sent.
     */
    async kioskCheckIn(
      ctx: RequestCtx,
      body: z.output<typeof ZKioskPassCheckInRequest>,
    ): Promise<TKioskPassCheckInResponse> {
      requirePermission(ctx.actor, 'kiosk.use');
      // the kiosk's own building: the screening and the check-in read it (scoped, active) themselves
      const buildingId = ctx.actor.buildingId;
      if (!buildingId) throw notFound('Building not found');
      const card = await usableCard(ctx, body.token, buildingId);
      const seeOffice = { state: 'see_office' as const, visitId: null, badge: null };
      if (card.status === 'pending') return seeOffice;
      const visitorId = await ensureVisitor(card);
      const screened = await screening.screen(ctx, visitorId, { buildingId }, 'kiosk');
      const needed = undecidedFindings(screened);
      const toDesk = async (reason: string) => {
        await cards.update(ctx.actor, card.id, {
          status: 'pending',
          bgResults: false,
          ...(body.photoFileId ? { tempPhotoFileId: body.photoFileId, tempPhotoAt: deps.now() } : {}),
          issues: {
            ...((card.issues ?? {}) as object),
            ...screened.summary,
            summary: ['Arrived with a visitor pass at the kiosk', reason, ...needed.map((f) => f.label)],
            findings: needed,
          },
        });
        await deps.realtime.publish({
          type: 'preregistration.changed',
          clientId: card.clientId,
          buildingId: card.buildingId,
          id: card.id,
        });
        await deps.audit.record(ctx, {
          action: 'visitor_pass.see_office',
          targetType: 'pre_registration',
          targetId: card.id,
          clientId: card.clientId,
          buildingId: card.buildingId,
          details: {
            screeningId: screened.id,
            issueCount: needed.length,
            excluded: screened.exclusions.direct.length > 0,
          },
        });
        return seeOffice;
      };
      if (screened.exclusions.direct.length > 0) return toDesk(SCREENING_MESSAGES.excluded);
      if (needed.length > 0) return toDesk(SCREENING_MESSAGES.newFindings);
      let result: Awaited<ReturnType<VisitsService['checkIn']>>;
      try {
        result = await visits.checkIn(
          ctx,
          {
            screeningId: screened.id,
            visitorId,
            buildingId,
            visitorType: card.visitorType as TVisitorType,
            reason: card.reason,
            personVisiting: card.visiting,
            preRegistrationId: card.id,
            hostId: card.hostId,
            photoFileId: body.photoFileId ?? null,
          },
          // one check-in per pass, however often the kiosk sends it
          `kiosk-pass-${card.id}`,
          'kiosk',
        );
      } catch (err) {
        // the gate refused (an exclusion added since, the photo the building requires, already in …)
        if (!(err instanceof AppError) || !['CONFLICT', 'VALIDATION_FAILED'].includes(err.code)) throw err;
        if (err.code === 'VALIDATION_FAILED' && err.fieldErrors?.photoFileId) throw err;
        return toDesk(err.message);
      }
      // no event of its own: the check-in's statement already told the building's dashboards
      // (visit.checked_in, on which they refetch the visits and the pre-registrations alike)
      let printed = false;
      if (result.print.mode === 'network') {
        try {
          // the badge's fixed words in the pass's language (issue 29 §1)
          printed = (await visits.printBadge(ctx, result.visit.id, 'kiosk', visitorLanguageOf(card.passLanguage)))
            .printed;
        } catch {
          printed = false;
        }
      }
      return { state: 'checked_in', visitId: result.visit.id, badge: { printed, required: result.print.required } };
    },
  };
}
export type VisitorPassesService = ReturnType<typeof createVisitorPassesService>;
