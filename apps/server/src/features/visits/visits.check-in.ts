import { type TCheckInRequest, type TVisitSummary, ZCheckInRequest } from '@sv/contracts';
import { badgeExpiryInstant } from '@sv/domain';
import type { Db } from '../../platform/db/database';
import { auditRow } from '../../platform/audit/audit-log';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { VisitsCore } from './visits.core';
import { type Row, arrivalNotices, cardVisitorType, newBadgeCode, printModeOf, toSummary } from './visits.rules';

/** Check-in (spec 002 §4, §7 POST /Visit/CheckIn): every path that admits a person ends here. */
export function checkInUseCases(core: VisitsCore) {
  const { deps, repo, screening, registeredEntry, nearbyRepo, idempotency, hostNotices } = core;
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
      // the screening is required but for a first responder recorded at the desk (issue 27 §1)
      if (!request.screeningId && request.visitorType !== 'responder')
        throw new AppError('VALIDATION_FAILED', 'Screen this visitor at this building before checking them in.', {
          screeningId: ['Required'],
        });
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
      // a first responder (issue 27 §1) is recorded without a photo
      const photoRequired =
        input.visitorType === 'responder'
          ? false
          : input.visitorType === 'volunteer'
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
            responder:
              input.visitorType === 'responder'
                ? {
                    via,
                    plain: !input.registrationId && !input.preRegistrationId && clearings.length === 0,
                  }
                : undefined,
          });
          const now = deps.now();
          // issue 28 §4: a visit with a host is told at once after the commit (the hosts.notify job
          // would within seconds; a claimed notice is never sent twice, so the two never both send)
          let hostToTell = false;
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
            // a host named by the request wins; `null` is the desk saying "no host from the list"
            // (a name typed by hand over the card's): only an unsaid host falls back to the card's
            const hostId = input.hostId !== undefined ? input.hostId : (card?.hostId ?? null);
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
                screeningId: screeningRow?.id ?? null,
              },
              audit: auditRow(ctx, {
                action: 'visit.checked_in',
                targetType: 'visit',
                clientId: building.clientId,
                buildingId: building.id,
                details: screeningRow ? { screeningId: screeningRow.id } : { responder: true, unscreened: true },
              }),
              notify: { type: 'visit.checked_in', clientId: building.clientId, buildingId: building.id },
              // issue 28 §1, §4: the picked host (or the pass's) is set on the visit and told
              hostId,
              // the answer is stored with the visit, in its statement: a retry after a crash
              // (issue 16) or a lost reply replays it, and no second write is needed
              key: complete.key,
              answer: template,
              webhookNames: { firstName: visitor.firstName, lastName: visitor.lastName, buildingName: building.name },
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
            if (hostId !== null) hostToTell = true;
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
                    await screening.clearWithin(tx, ctx, visitor, screeningRow!, {
                      screeningId: screeningRow!.id,
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
              if (hostToTell && hostNotices) void hostNotices.deliverNotifications().catch(() => {});
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
  };
}
