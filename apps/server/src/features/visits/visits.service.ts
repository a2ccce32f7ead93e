import { randomBytes } from 'node:crypto';
import {
  type TCheckInRequest,
  type TPrintMethod,
  type TVisitSummary,
  VISITOR_TYPES,
  ZCheckInRequest,
} from '@sv/contracts';
import { badgeExpiryInstant } from '@sv/domain';
import { files } from '../../db/schema/index';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { auditRow } from '../../platform/audit/audit-log';
import type { AppDeps } from '../../platform/deps';
import type { MessageInput } from '../../platform/messaging/messenger';
import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import { inScope } from '../../platform/db/scope';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { BadgeContent } from '../../integrations/printing/badge-content';
import { buildBadgePdf } from '../../integrations/printing/pdf-badge';
import { buildBadgeZpl } from '../../integrations/printing/zpl-badge';
import { printerAddressFor, sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import { formatInZone } from '../../platform/time';
import type { RegisteredEntryService } from '../registered-entry/registered-entry.service';
import type { ScreeningService } from '../screening/screening.service';
import type { NearbyRepository } from '../nearby/nearby.repository';
import type { VisitsRepository } from './visits.repository';

/** Crockford base32 without ambiguous letters: printed under the barcode, typed if a scan fails. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newBadgeCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % 32]).join('');
}

/** How a badge prints (the check-in's print plan): the server, the desk's Browser Print, or the PDF window. */
export function printModeOf(
  building: { printMethod: TPrintMethod; printerIpAddress: string; visitorPrinterIpAddress: string },
  visitorType: string,
): 'network' | 'browser' | 'pdf' {
  if (building.printMethod === 'browser') return 'browser';
  return printerAddressFor(building, visitorType) ? 'network' : 'pdf';
}

type Row = NonNullable<Awaited<ReturnType<VisitsRepository['getVisit']>>>;

const cardVisitorType = (type: string): TVisitSummary['visitorType'] =>
  (VISITOR_TYPES as readonly string[]).includes(type) ? (type as TVisitSummary['visitorType']) : 'visitor';

/** Time of day in the building's zone: '3:05 PM'. */
function timeInZone(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * The arrival notice for a pre-registration's "Notify Email" / "Notify SMS" contacts (spec 002 §3
 * lists the fields, the import's help says "who to tell when the visitor arrives"; the wording is
 * not in the spec): '<Visitor name> has arrived at <Building> at <time>.' in the building's zone.
 * One message per contact; a cell may hold several, separated by commas or semicolons.
 */
export function arrivalNotices(
  card: { clientId: number; notifyEmail: string; notifySms: string },
  visitorName: string,
  building: { name: string; timeZone: string },
  at: Date,
): MessageInput[] {
  const body = `${visitorName} has arrived at ${building.name} at ${timeInZone(at, building.timeZone)}.`;
  const contacts = (cell: string) => [
    ...new Set(
      cell
        .split(/[,;]/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  return [
    ...contacts(card.notifyEmail).map((recipient) => ({
      clientId: card.clientId,
      channel: 'email' as const,
      recipient,
      subject: `${visitorName} has arrived`,
      body,
      kind: 'preregistration.arrived',
    })),
    ...contacts(card.notifySms).map((recipient) => ({
      clientId: card.clientId,
      channel: 'sms' as const,
      recipient,
      body,
      kind: 'preregistration.arrived',
    })),
  ];
}

function toSummary(r: Row): TVisitSummary {
  return {
    id: r.id,
    visitorId: r.visitorId,
    visitorName: `${r.firstname} ${r.lastname}`.trim(),
    visitorType: r.visitorType as TVisitSummary['visitorType'],
    buildingId: r.buildingId,
    buildingName: r.buildingName,
    checkIn: r.checkIn.toISOString(),
    checkOut: r.checkOut ? r.checkOut.toISOString() : null,
    reason: r.reason,
    personVisiting: r.personVisiting,
    photoFileId: r.photoFileId ?? null,
    checkedInByName: r.checkedInByName ?? null,
    badge: r.badgeId
      ? { id: r.badgeId, code: r.badgeCode ?? '', expiresAt: r.badgeExpiresAt ? r.badgeExpiresAt.toISOString() : null }
      : null,
  };
}

export function createVisitsService(
  deps: AppDeps,
  {
    repo,
    screening,
    registeredEntry,
    nearbyRepo,
  }: {
    repo: VisitsRepository;
    screening: ScreeningService;
    registeredEntry: RegisteredEntryService;
    nearbyRepo: Pick<NearbyRepository, 'closeOnCheckIn'>;
  },
) {
  // the embedded database has one process per folder (issue 16): a key left by an earlier process is orphaned
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });

  async function requireBuilding(ctx: RequestCtx, buildingId: number) {
    const building = await repo.getBuildingForDesk(ctx.actor, buildingId);
    if (!building) throw notFound('Building not found');
    return building;
  }

  async function badgeContent(
    ctx: RequestCtx,
    visitId: number,
  ): Promise<{ content: BadgeContent; building: Awaited<ReturnType<typeof requireBuilding>>; visit: Row }> {
    const visit = await repo.getVisit(ctx.actor, visitId);
    if (!visit?.badgeCode) throw notFound('Visit not found');
    const building = await requireBuilding(ctx, visit.buildingId);
    let photo: Uint8Array | null = null;
    if (visit.photoFileId) {
      const [f] = await deps.db
        .select({ bytes: files.bytes })
        .from(files)
        .where(and(eq(files.id, visit.photoFileId), eq(files.clientId, visit.clientId)))
        .limit(1);
      photo = f?.bytes ?? null;
    }
    return {
      building,
      visit,
      content: {
        visitorName: `${visit.firstname} ${visit.lastname}`.trim(),
        visitorType: visit.visitorType,
        buildingName: visit.buildingName,
        checkedInAt: formatInZone(visit.checkIn, building.timeZone),
        personVisiting: visit.personVisiting,
        expires: visit.badgeExpiresAt ? formatInZone(visit.badgeExpiresAt, building.timeZone) : '',
        badgeCode: visit.badgeCode,
        photo,
      },
    };
  }

  return {
    /**
     * Check-in (spec 002 §4, §7 POST /Visit/CheckIn): the badge and the open visit are created in
     * one transaction; the Idempotency-Key makes a retry return the same visit; the partial unique
     * index keeps one open visit per visitor. A visitor linked to an active exclusion that applies
     * here is never checked in (issue 4: "must never admit someone on an exclusion list").
     */
    async checkIn(
      ctx: RequestCtx,
      raw: TCheckInRequest,
      idempotencyKey: string,
      via: Via = 'desk',
      opts: {
        /**
         * ALLOW on a pending card (spec 002 §4; issue 22): the findings the attendant confirmed,
         * cleared in the check-in's own transaction, so a refused check-in stores no clearing
         */
        clearings?: { source: 'exclusion' | 'registry' | 'registry_status'; ref: string; note: string }[];
      } = {},
    ) {
      requirePermissionVia(ctx.actor, 'visits.checkIn', via);
      const request = ZCheckInRequest.parse(raw);
      // the building and the person in one scoped read (issue 10 §9)
      const { building, subject: visitor } = await screening.loadContext(ctx, request.buildingId, request.visitorId);
      if (!building) throw notFound('Building not found');
      if (!building.active) throw new AppError('VALIDATION_FAILED', 'This building is inactive.');
      if (!visitor || visitor.clientId !== building.clientId) throw notFound('Visitor not found');
      // a pre-registered visitor's check-in keeps the card's type, person visiting and reason unless
      // the desk chose others (issue 22), and tells the card's notify contacts (spec 002 §3, §4)
      const card = request.preRegistrationId
        ? await repo.findPreRegistrationForCheckIn(ctx.actor, request.preRegistrationId, building.id)
        : null;
      if (request.preRegistrationId && !card)
        throw conflict('This pre-registration is not waiting for this visitor here.');
      const input = card
        ? {
            ...request,
            visitorType: request.visitorType ?? cardVisitorType(card.visitorType),
            reason: request.reason || request.visitReasonId ? request.reason : card.reason,
            personVisiting: request.personVisiting || card.visiting,
          }
        : { ...request, visitorType: request.visitorType ?? ('visitor' as const) };
      const clearings = opts.clearings ?? [];
      const reasonRow = input.visitReasonId ? await repo.getReason(building.clientId, input.visitReasonId) : null;
      let reason = input.reason;
      if (input.visitReasonId) {
        if (!reasonRow)
          throw new AppError('VALIDATION_FAILED', 'Choose a reason from the list.', {
            visitReasonId: ['Unknown reason'],
          });
        reason ||= reasonRow.label;
      }

      // spec 002 §4 Photo modal: the building's required photo is taken (or the visitor has one)
      // (the kiosk's own flags at the kiosk: spec 002 §3 requireKioskVisitor/VolunteerPhotoCheckIn)
      const kiosk = via === 'kiosk';
      const photoRequired =
        input.visitorType === 'volunteer'
          ? kiosk
            ? building.requireKioskVolunteerPhotoCheckIn
            : building.requireAttendantVolunteerPhotoCheckIn
          : kiosk
            ? building.requireKioskVisitorPhotoCheckIn
            : building.requireAttendantVisitorPhotoCheckIn;
      if (photoRequired && !input.photoFileId && !visitor.photoFileId)
        throw new AppError('VALIDATION_FAILED', 'This building requires a photo to check in.', {
          photoFileId: ['Take the visitor’s photo'],
        });

      /** The check-in's answer for a visit row; the stored type decides (a SafeVendor badge is a vendor's). */
      const answerOf = (visit: Row, visitorType: string) => {
        const required =
          visitorType === 'volunteer'
            ? kiosk
              ? building.requireKioskVolunteerBadgePrint
              : building.requireAttendantVolunteerBadgePrint
            : kiosk
              ? building.requireKioskVisitorBadgePrint
              : building.requireAttendantVisitorBadgePrint;
        return {
          visit: toSummary(visit),
          print: {
            mode: printModeOf(building, visitorType),
            required,
            pdfUrl: `/api/visits/${visit.id}/badge.pdf`,
          },
        };
      };
      /** An answer rebuilt from the stored visit (keys marked `$committed` by an earlier version). */
      const recover = async (visitId: number) => {
        const visit = await repo.getVisit(ctx.actor, visitId);
        if (!visit) throw notFound('Visit not found');
        return answerOf(visit, visit.visitorType);
      };
      return idempotency.run(
        ctx.actor.userId,
        idempotencyKey,
        'visits.checkIn',
        request,
        async (complete) => {
          // The admission gate (issue 10 §1): a recent server screening of this person at this
          // building, every finding decided, no linked exclusion, nothing new since. The one open
          // visit per visitor and the photo are checked by the write itself (issue 10 §9).
          const screeningRow = await screening.requireAdmission(ctx, {
            screeningId: input.screeningId,
            subject: visitor,
            building,
            decidingNow: clearings.map((c) => `${c.source}|${c.ref}`),
          });
          const now = deps.now();
          const writeVisit = async (
            db: Db,
            visitorType: TVisitSummary['visitorType'],
            registration: { id: number; vendor: boolean } | null,
          ) => {
            const code = newBadgeCode();
            const expiresAt = badgeExpiryInstant(now, building.timeZone, input.allowedMinutes);
            // the answer is built from what is in hand, with the ids the statement creates (no re-read)
            const template = answerOf(
              {
                id: 0,
                visitorId: visitor.id,
                firstname: visitor.firstName,
                lastname: visitor.lastName,
                visitorType,
                buildingId: building.id,
                buildingName: building.name,
                checkIn: now,
                checkOut: null,
                reason,
                personVisiting: input.personVisiting,
                photoFileId: input.photoFileId ?? null,
                checkedInByName: null,
                badgeId: 0,
                badgeCode: code,
                badgeExpiresAt: expiresAt,
                clientId: building.clientId,
              },
              visitorType,
            );
            // ids are filled in by the statement (0 is never an id)
            template.visit.badge = { id: 0, code, expiresAt: expiresAt.toISOString() };
            const written = await repo.writeCheckIn(db, {
              badge: {
                clientId: building.clientId,
                buildingId: building.id,
                visitorId: visitor.id,
                code,
                personVisiting: input.personVisiting,
                visitorType,
                photoFileId: input.photoFileId ?? null,
                createdAt: now,
                expiresAt,
              },
              visit: {
                clientId: building.clientId,
                buildingId: building.id,
                visitorId: visitor.id,
                visitorType,
                checkIn: now,
                checkedInBy: ctx.actor.userId,
                reason,
                visitReasonId: input.visitReasonId ?? null,
                personVisiting: input.personVisiting,
                durationBegin: input.allowedMinutes ? now : null,
                allowedMinutes: input.allowedMinutes ?? null,
                badgeProxy: input.badgeProxy,
                preRegistrationId: input.preRegistrationId ?? null,
                registrationId: registration && !registration.vendor ? registration.id : null,
                svRegistrationId: registration?.vendor ? registration.id : null,
              },
              audit: auditRow(ctx, {
                action: 'visit.checked_in',
                targetType: 'visit',
                clientId: building.clientId,
                buildingId: building.id,
                details: { screeningId: screeningRow.id },
              }),
              notify: { type: 'visit.checked_in', clientId: building.clientId, buildingId: building.id },
              // the answer is stored with the visit, in its statement: a retry after a crash
              // (issue 16) or a lost reply replays it, and no second write is needed
              key: complete.key,
              answer: template,
            });
            if (!written.admitted) {
              // the last look before the write found a linked exclusion added since the gate read
              if (written.reason === 'excluded')
                throw conflict(
                  'This visitor is on the exclusion list and cannot be checked in. Deny entry and notify security.',
                );
              if (written.reason === 'open')
                throw conflict(`This visitor is already checked in at ${written.openAt}. Check them out first.`);
              throw new AppError('VALIDATION_FAILED', 'The photo could not be found.', {
                photoFileId: ['Unknown photo'],
              });
            }
            deps.realtime.invalidate(building.id);
            const result = {
              visit: {
                ...template.visit,
                id: written.visitId,
                checkedInByName: written.checkedInByName,
                badge: { ...template.visit.badge, id: written.badgeId },
              },
              print: { ...template.print, pdfUrl: `/api/visits/${written.visitId}/badge.pdf` },
            };
            if (written.stored) complete.done();
            return { id: written.visitId, result };
          };

          // the plain check-in is one statement; a registered or pre-registered one, or one that
          // clears what the attendant confirmed, adds its own checks and writes around it in one
          // transaction
          let arrivalMessages: number[] = [];
          const work =
            !input.registrationId && !input.preRegistrationId && clearings.length === 0
              ? writeVisit(deps.db, input.visitorType, null).then((w) => w.result)
              : deps.db.transaction(async (txRaw) => {
                  const tx = txRaw as unknown as Db;
                  // ALLOW on a card (issue 22): the clearings stand only if the visit is written
                  for (const c of clearings)
                    await screening.clearWithin(tx, ctx, visitor, screeningRow, {
                      screeningId: screeningRow.id,
                      source: c.source,
                      matchRef: c.ref,
                      note: c.note,
                    });
                  // registered check-in (issue 11): the registration admits this visitor here today
                  let vendorRegistration = false;
                  if (input.registrationId) {
                    const reg = await registeredEntry.requireAdmissible(
                      input.registrationId,
                      visitor,
                      building,
                      now,
                      tx,
                    );
                    vendorRegistration = reg.vendor;
                  }
                  if (input.preRegistrationId) {
                    const marked = await repo.markPreRegistrationCheckedIn(
                      tx,
                      input.preRegistrationId,
                      building.id,
                      visitor.id,
                    );
                    if (!marked) throw conflict('This pre-registration is not waiting for this visitor here.');
                  }
                  // a SafeVendor badge (ADR 0014; spec 002 §4): the visit is a vendor's, whatever the
                  // desk chose, and records the registration as sv_registration_id (the vendor log's company)
                  const { result } = await writeVisit(
                    tx,
                    vendorRegistration ? 'vendor' : input.visitorType,
                    input.registrationId ? { id: input.registrationId, vendor: vendorRegistration } : null,
                  );
                  // spec 002 §3 "notify email and sms": the card's contacts are told the visitor
                  // arrived, queued with the visit (delivered after the commit)
                  if (card)
                    arrivalMessages = await deps.messenger.enqueue(
                      arrivalNotices(card, `${visitor.firstName} ${visitor.lastName}`.trim(), building, now),
                      tx,
                    );
                  // spec 002 §4 Nearby visitor (ADR 0017): checking in ends "nearby", in this transaction
                  if (input.registrationId) {
                    const closed = await nearbyRepo.closeOnCheckIn(tx, input.registrationId, now);
                    for (const c of closed)
                      await deps.realtime.publish(
                        { type: 'nearby.changed', clientId: c.clientId, buildingId: c.buildingId, id: c.id },
                        tx,
                      );
                  }
                  return result;
                });
          return work
            .then((result) => {
              // delivery is not part of the check-in: a failure stays queued for the retry job
              if (arrivalMessages.length > 0) void deps.messenger.deliver(arrivalMessages).catch(() => {});
              return result;
            })
            .catch((err: unknown) => {
              // The partial unique index answers a concurrent duplicate check-in.
              if (
                err instanceof Error &&
                /visits_one_open_per_visitor_uq/.test(
                  `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`,
                )
              ) {
                throw conflict('This visitor is already checked in. Check them out first.');
              }
              throw err;
            });
        },
        recover,
      );
    },

    async getVisit(ctx: RequestCtx, visitId: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const visit = await repo.getVisit(ctx.actor, visitId);
      if (!visit) throw notFound('Visit not found');
      return toSummary(visit);
    },

    /** Check-out of one visit; checking out a visit that is already out answers it unchanged. */
    async checkOut(ctx: RequestCtx, visitId: number, method: 'desk' | 'dashboard' | 'scan' | 'kiosk' = 'desk') {
      requirePermissionVia(ctx.actor, 'visits.checkOut', method === 'kiosk' ? 'kiosk' : 'desk');
      const visit = await repo.getVisit(ctx.actor, visitId);
      if (!visit) throw notFound('Visit not found');
      if (!visit.checkOut) {
        await deps.db.transaction(async (tx) => {
          const done = await repo.checkOut(ctx.actor, visit.id, { at: deps.now(), by: ctx.actor.userId, method }, tx);
          if (!done) return;
          await deps.realtime.publish(
            { type: 'visit.checked_out', clientId: visit.clientId, buildingId: visit.buildingId, id: visit.id },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: 'visit.checked_out',
              targetType: 'visit',
              targetId: visit.id,
              clientId: visit.clientId,
              buildingId: visit.buildingId,
              details: { method },
            },
            tx,
          );
        });
      }
      return toSummary((await repo.getVisit(ctx.actor, visit.id))!);
    },

    /** Check-out by scanning the badge barcode (spec 002 §4 Scan flow, check-out by badge scan). */
    async checkOutByBadge(ctx: RequestCtx, buildingId: number, badgeCode: string) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      const visit = await repo.findOpenVisitByBadgeCode(ctx.actor, buildingId, badgeCode.trim().toUpperCase());
      if (!visit) throw notFound('No open visit has this badge at this building.');
      return this.checkOut(ctx, visit.id, 'scan');
    },

    /** Check-out of a visitor's open visit at a building (spec route /visitor/checkout/{visitorId}). */
    async checkOutVisitor(ctx: RequestCtx, visitorId: number, buildingId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      const open = await repo.findOpenVisitOfVisitor(visitorId);
      if (!open || open.buildingId !== buildingId) throw notFound('This visitor is not checked in here.');
      return this.checkOut(ctx, open.id, 'desk');
    },

    /**
     * The dashboard's current visits as the response body (JSON text), shared by every open
     * dashboard of the building until the next event (platform/realtime/building-read-cache.ts).
     */
    async currentVisitsJson(ctx: RequestCtx, buildingId: number): Promise<string> {
      requirePermission(ctx.actor, 'visitors.read');
      const answer = await deps.realtime.reads.read(
        buildingId,
        'visits.current',
        (cached: { clientId: number; body: string }) => inScope(ctx.actor, { clientId: cached.clientId, buildingId }),
        async () => {
          const building = await requireBuilding(ctx, buildingId);
          const data = (await repo.findCurrentVisits(ctx.actor, buildingId)).map(toSummary);
          return { clientId: building.clientId, body: JSON.stringify({ data }) };
        },
      );
      return answer.body;
    },

    /** Reasons for the check-in form (spec 002 §7 GetVisitorReasons / GetVolunteerReasons). */
    async reasons(ctx: RequestCtx, buildingId: number, kind?: 'visitor' | 'volunteer') {
      requirePermission(ctx.actor, 'visits.checkIn');
      const building = await requireBuilding(ctx, buildingId);
      return repo.findReasons(ctx.actor, building.clientId, kind);
    },

    /** Checks out visits left open from previous days (spec 002 §2: on dashboard load; and the job). */
    async checkOutPreviousDays(ctx: RequestCtx, buildingId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      return this.runAutoCheckOut(buildingId);
    },

    /** The scheduled sweep (every minute) and the dashboard-load call share this. */
    async runAutoCheckOut(buildingId?: number) {
      const rows = await repo.autoCheckOut(deps.now(), buildingId);
      for (const r of rows) {
        await deps.realtime.publish({
          type: 'visit.checked_out',
          clientId: r.client_id,
          buildingId: r.building_id,
          id: r.id,
        });
      }
      if (rows.length)
        await deps.audit.record({}, { action: 'visit.auto_checked_out', details: { count: rows.length } });
      return rows.length;
    },

    async badgePdf(ctx: RequestCtx, visitId: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const { content } = await badgeContent(ctx, visitId);
      return buildBadgePdf(content);
    },

    async badgeZpl(ctx: RequestCtx, visitId: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const { content } = await badgeContent(ctx, visitId);
      return buildBadgeZpl(content);
    },

    /**
     * Server-to-printer path (integrations guide: for on-site installs): ZPL over raw TCP 9100 to
     * the building's printer. A badge is printed only after the check-in is committed.
     */
    async printBadge(ctx: RequestCtx, visitId: number, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'visits.checkIn', via);
      const { content, building, visit } = await badgeContent(ctx, visitId);
      const address = printerAddressFor(building, visit.visitorType);
      if (!address)
        return {
          printed: false,
          mode: 'pdf' as const,
          message:
            building.printMethod === 'server'
              ? 'No network printer is set for this building: print the PDF badge.'
              : 'This building prints badges from the desk’s browser, not from the server: print the PDF badge.',
        };
      await sendZplToBuildingPrinter(
        address,
        await buildBadgeZpl(content),
        'The badge printer did not answer. Check that it is on, or print the PDF badge.',
      );
      await deps.audit.record(ctx, {
        action: 'badge.printed',
        targetType: 'visit',
        targetId: visitId,
        clientId: visit.clientId,
        buildingId: visit.buildingId,
      });
      return { printed: true, mode: 'network' as const, message: 'The badge was sent to the printer.' };
    },
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
