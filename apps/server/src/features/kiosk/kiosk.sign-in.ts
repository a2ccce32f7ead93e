import {
  KIOSK_HOST_SEARCH,
  KIOSK_LABEL_DEFAULTS,
  KIOSK_MESSAGES,
  type TKioskAutoValidateResponse,
  type TKioskConfigResponse,
  type TKioskHostSearchRequest,
  type TKioskHostSearchResponse,
  type TKioskLookupRequest,
  type TKioskLookupResponse,
  type TKioskSignInRequest,
  type TKioskSignInResponse,
  type TVisitorType,
} from '@sv/contracts';
import {
  DEFAULT_HEALTH_QUESTIONS,
  DEFAULT_HEALTH_QUESTIONS_ES,
  localDateOf,
  localTimeOf,
  sisMode,
  sisPhase,
  visibleButtons,
} from '@sv/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import type { RequestCtx } from '../../platform/http/request-context';
import { undecidedFindings } from '../screening';
import {
  KioskMeta,
  CardIssues,
  KIOSK_CARD_TEXT,
  kioskRepeatLine,
  foldWindowStart,
  displayName,
  type KioskCore,
} from './kiosk.core';

/** The kiosk sign-in (spec 002 §4 kiosk with/without auto badge): configuration, lookup, photo, sign-in and its automatic validation. */
export function signInUseCases(core: KioskCore) {
  const {
    deps,
    repo,
    cards,
    visitors,
    visits,
    screening,
    registeredEntry,
    fileStore,
    idempotency,
    kioskBuilding,
    requireNoEmergency,
    kioskSis,
    kioskCard,
    resolveVisitor,
    parseSignIn,
    publishCard,
    sendToDesk,
    requireWithinLimit,
    matchesFor,
    hostsRepo,
  } = core;
  return {
    /** GET /api/kiosk/config: the main screen's buttons and the flags the screens follow. */
    async config(ctx: RequestCtx): Promise<TKioskConfigResponse> {
      const b = await kioskBuilding(ctx);
      const k = b.kiosk;
      // issue 25 (audit 002 K14, U2): STUDENT PICKUP follows the kiosk's SIS settings
      const sis = kioskSis(k);
      const mode = sisMode(sis);
      const studentPickup = mode ? { mode, phase: mode === 'General' ? (sisPhase(sis) ?? 'Pickup') : 'Pickup' } : null;
      const buttons = visibleButtons(
        {
          visitor: k.kioskvisitorBtn,
          checkIn: k.kioskcheckinBtn,
          checkOut: k.kioskCheckoutBtn,
          pickup: k.pickupBtn,
          // the building's own labels win for the student buttons (spec 000 §3 studentCheckInBtn)
          studentCheckIn: b.studentCheckInBtn.trim() || k.kioskStudentCheckInBtn,
          studentCheckOut: b.studentCheckOutBtn.trim() || k.kioskStudentCheckOutBtn,
        },
        {
          visitor: KIOSK_LABEL_DEFAULTS.kioskvisitorBtn,
          checkIn: KIOSK_LABEL_DEFAULTS.kioskcheckinBtn,
          checkOut: KIOSK_LABEL_DEFAULTS.kioskCheckoutBtn,
          pickup: KIOSK_LABEL_DEFAULTS.pickupBtn,
          studentCheckIn: KIOSK_LABEL_DEFAULTS.kioskStudentCheckInBtn,
          studentCheckOut: KIOSK_LABEL_DEFAULTS.kioskStudentCheckOutBtn,
        },
      ).filter(
        (btn) =>
          (btn.key !== 'pickup' || studentPickup !== null) &&
          (btn.key !== 'studentCheckIn' || b.showKioskStudentCheckIn) &&
          (btn.key !== 'studentCheckOut' || b.showKioskStudentCheckOut),
      );
      return {
        buildingId: b.id,
        buildingName: b.name,
        buttons,
        autoBadge: k.enableAutoCheckInKioskMode,
        banner: {
          enabled: k.enableCovidBanner,
          questions: [
            k.bannerQuestion1.trim() || DEFAULT_HEALTH_QUESTIONS[0],
            k.bannerQuestion2.trim() || DEFAULT_HEALTH_QUESTIONS[1],
          ],
          // issue 25 (audit 002 U5): the default's Spanish, or the district's own Spanish text
          questionsEs: [
            k.bannerQuestion1.trim() ? k.bannerQuestion1Es.trim() : DEFAULT_HEALTH_QUESTIONS_ES[0],
            k.bannerQuestion2.trim() ? k.bannerQuestion2Es.trim() : DEFAULT_HEALTH_QUESTIONS_ES[1],
          ],
        },
        photoRequired: {
          visitor: b.requireKioskVisitorPhotoCheckIn,
          volunteer: b.requireKioskVolunteerPhotoCheckIn,
          studentCheckIn: b.requireKioskStudentPhotoCheckIn,
          studentCheckOut: b.requireKioskStudentPhotoCheckOut,
        },
        studentIdLabel: b.studentIdLabel,
        studentPickup,
      };
    },
    /**
     * POST /api/kiosk/lookup (spec 002 §7 kioskScan): the desk's scan (licence → visitor matches,
     * registration badge → the registration's verdict) or a name and date of birth. Matches are
     * named by first name and last initial.
     */
    async lookup(ctx: RequestCtx, body: TKioskLookupRequest): Promise<TKioskLookupResponse> {
      const b = await kioskBuilding(ctx);
      const preReg = new Map<number, number>();
      const today = localDateOf(deps.now(), b.timeZone);
      const withPreReg = async (ids: number[]) => {
        for (const card of await cards.findForDashboard(ctx.actor, b.id, today))
          if (card.visitorId && card.status === 'scheduled' && ids.includes(card.visitorId))
            preReg.set(card.visitorId, card.id);
      };
      if ('person' in body) {
        const rows = await matchesFor(b, body.person);
        await withPreReg(rows.map((r) => r.id));
        return {
          kind: rows.length ? 'person' : 'unknown',
          matches: rows.map((r) => ({
            visitorId: r.id,
            displayName: displayName(r.firstname, r.lastname),
            preRegistrationId: preReg.get(r.id) ?? null,
          })),
          person: body.person,
          registration: null,
        };
      }
      const scan = await visitors.scan(ctx, { raw: body.raw, buildingId: b.id, action: 'in' }, 'kiosk');
      await withPreReg(scan.matches.map((m) => m.id));
      const lic = scan.license;
      return {
        kind: scan.kind,
        matches: scan.matches.map((m) => ({
          visitorId: m.id,
          displayName: displayName(m.firstname, m.lastname),
          preRegistrationId: preReg.get(m.id) ?? null,
        })),
        person:
          lic?.firstName && lic.lastName
            ? { firstName: lic.firstName, lastName: lic.lastName, ...(lic.dateOfBirth ? { dob: lic.dateOfBirth } : {}) }
            : null,
        registration: scan.registration
          ? {
              ok: scan.registration.ok,
              reason: scan.registration.reason,
              registrationId: scan.registration.registrationId,
              visitorId: scan.registration.visitorId,
              displayName: displayName(...(scan.registration.name.split(' ', 2) as [string, string])),
            }
          : null,
      };
    },
    /**
     * POST /api/kiosk/hosts/search (issue 28 §1): "Person visiting" suggestions for a visitor at
     * the kiosk — the kiosk's own building's and district-wide hosts, by name, ids and names only,
     * at most KIOSK_HOST_SEARCH.max; counted per kiosk account like its other floods (429 over it).
     */
    async searchHosts(ctx: RequestCtx, body: TKioskHostSearchRequest): Promise<TKioskHostSearchResponse> {
      await kioskBuilding(ctx);
      await requireWithinLimit(ctx, 'hostSearch', KIOSK_MESSAGES.tooManyHostSearches);
      return { data: await hostsRepo.kioskOptions(ctx.actor, body.q, KIOSK_HOST_SEARCH.max) };
    },
    /** POST /api/kiosk/photos: the visitor's kiosk photo, re-encoded; the desk sees it on the card. */
    async savePhoto(ctx: RequestCtx, buffer: Buffer) {
      const b = await kioskBuilding(ctx);
      return { photoFileId: await fileStore.saveImage(ctx, b.clientId, 'visitor-photo', buffer) };
    },
    /**
     * POST /api/kiosk/sign-ins (spec 002 §7 SetPhotoKiosk; Idempotency-Key): the server screens the
     * person now and leaves a pending card for the desk with what it found. With auto badge, the
     * kiosk then polls auto-validate; without, it thanks the visitor and the office takes over.
     */
    async signIn(ctx: RequestCtx, raw: TKioskSignInRequest, key: string): Promise<TKioskSignInResponse> {
      const b = await kioskBuilding(ctx);
      await requireNoEmergency(b); // issue 27 §1: no sign-in, drop-off or pickup during a state
      const input = parseSignIn(raw);
      const volunteer = input.visitorType === 'volunteer' || input.registrationId !== undefined;
      const visitorType: TVisitorType = input.registrationId !== undefined ? 'volunteer' : input.visitorType;
      const photoRequired = volunteer ? b.requireKioskVolunteerPhotoCheckIn : b.requireKioskVisitorPhotoCheckIn;
      if (photoRequired && !input.photoFileId)
        throw new AppError('VALIDATION_FAILED', 'This building requires a photo to sign in.', {
          photoFileId: ['Take a photo'],
        });
      if (input.photoFileId && !(await fileStore.findMeta(ctx, input.photoFileId)))
        throw new AppError('VALIDATION_FAILED', 'The photo could not be found.', { photoFileId: ['Unknown photo'] });
      // issue 28 §1: a picked host must be one of this kiosk's (its district's, usable at its
      // building, active); anything else — another district's, unknown — is refused, nothing written
      if (input.hostId !== undefined && !(await hostsRepo.usableAt(ctx.actor, input.hostId, b.clientId, b.id)))
        throw new AppError('VALIDATION_FAILED', KIOSK_MESSAGES.hostNotFound, { hostId: ['Unknown host'] });
      const hostId = input.hostId ?? null;
      const next: TKioskSignInResponse['next'] = b.kiosk.enableAutoCheckInKioskMode ? 'poll' : 'thankyou';
      return idempotency.run(
        ctx.actor.userId,
        key,
        'kiosk.signIn',
        input,
        async (complete) => {
          if (input.registrationId !== undefined && input.visitorId === undefined)
            throw new AppError('VALIDATION_FAILED', 'Scan your badge again.', { visitorId: ['Required with a badge'] });
          // issue 22 "Floods": counted inside the idempotent work, so a retry of one sign-in counts once
          await requireWithinLimit(ctx, 'signIn', KIOSK_MESSAGES.tooManySignIns);
          const visitor = await resolveVisitor(ctx, b, input);
          // the registration rule (issue 11): refused registrations go to the desk with the reason
          let registrationRefusal: string | null = null;
          if (input.registrationId !== undefined) {
            try {
              await registeredEntry.requireAdmissible(input.registrationId, visitor, b, deps.now());
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              registrationRefusal = err.message;
            }
          }
          const screened = await screening.screen(ctx, visitor.id, { buildingId: b.id }, 'kiosk');
          const needed = undecidedFindings(screened);
          const excluded = screened.exclusions.direct.length > 0;
          const clear = !excluded && needed.length === 0 && registrationRefusal === null;
          const now = deps.now();
          const id = await deps.db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const registrationId = input.registrationId ?? null;
            // issue 22 "Floods": the same person (and registration) signing in again while their card
            // waits refreshes that card with this screening instead of adding another
            const waiting = await repo.pendingKioskCard(
              tx,
              b.id,
              { kind: 'sign_in', visitorId: visitor.id, registrationId },
              foldWindowStart(now),
            );
            const signIns = waiting ? ((waiting.issues as CardIssues).kiosk?.signIns ?? 1) + 1 : 1;
            const issues = {
              ...screened.summary,
              summary: [
                KIOSK_CARD_TEXT.arrival,
                ...(signIns > 1 ? [kioskRepeatLine.signIns(signIns, localTimeOf(now, b.timeZone))] : []),
                ...(excluded ? [KIOSK_CARD_TEXT.excluded] : []),
                ...(registrationRefusal ? [registrationRefusal] : []),
                ...needed.map((f) => f.label),
              ],
              findings: needed,
              kiosk: {
                screeningId: screened.id,
                registrationId,
                outcome: clear ? 'clear' : 'issues',
                signIns,
                lastAt: now.toISOString(),
              } satisfies KioskMeta,
            };
            let cardId: number;
            if (waiting) {
              cardId = waiting.id;
              await repo.refreshCard(tx, cardId, {
                visiting: input.personVisiting,
                hostId,
                reason: input.reason,
                visitorType,
                bgResults: clear,
                ...(input.photoFileId ? { tempPhotoFileId: input.photoFileId, tempPhotoAt: now } : {}),
                issues,
              });
            } else {
              cardId = await repo.insertCard(tx, {
                clientId: b.clientId,
                buildingId: b.id,
                visitorId: visitor.id,
                firstname: visitor.firstname,
                lastname: visitor.lastname,
                dob: visitor.dob,
                visitDate: localDateOf(now, b.timeZone),
                visiting: input.personVisiting,
                hostId,
                reason: input.reason,
                visitorType,
                status: 'pending',
                bgResults: clear,
                tempPhotoFileId: input.photoFileId ?? null,
                tempPhotoAt: input.photoFileId ? now : null,
                issues,
              });
            }
            // the answer is stored with the card, in its transaction (issue 16)
            await complete(tx, { signInId: cardId, next });
            await publishCard({ clientId: b.clientId, buildingId: b.id, id: cardId }, tx);
            // ids and counts only (no names or dates of birth in the audit trail)
            await deps.audit.record(
              ctx,
              {
                action: 'kiosk.sign_in',
                targetType: 'pre_registration',
                targetId: cardId,
                clientId: b.clientId,
                buildingId: b.id,
                details: { screeningId: screened.id, clear, issueCount: needed.length, excluded, signIns },
              },
              tx,
            );
            return cardId;
          });
          return { signInId: id, next };
        },
        async (signInId) => ({ signInId, next }),
      );
    },
    /**
     * POST /api/kiosk/sign-ins/:id/auto-validate (spec 002 §4 Kiosk with auto badge). Checks in
     * only a sign-in whose screening showed nothing to decide, through `visits.checkIn` (the
     * admission gate looks again at this moment), then sends the badge to the building's printer.
     * Safe to call again: a checked-in sign-in answers the same visit.
     */
    async autoValidate(
      ctx: RequestCtx,
      id: number,
      language: VisitorLanguage = 'en',
    ): Promise<TKioskAutoValidateResponse> {
      const b = await kioskBuilding(ctx);
      const { card, meta } = await kioskCard(ctx, b, id);
      const seeOffice = { state: 'see_office' as const, visitId: null, badge: null };
      if (card.status === 'checked_in' && card.visitId)
        return { state: 'checked_in', visitId: card.visitId, badge: null };
      if (
        card.status !== 'pending' ||
        meta.outcome !== 'clear' ||
        !b.kiosk.enableAutoCheckInKioskMode ||
        !card.visitorId
      )
        return seeOffice;
      let result: Awaited<ReturnType<typeof visits.checkIn>>;
      try {
        result = await visits.checkIn(
          ctx,
          {
            screeningId: meta.screeningId,
            visitorId: card.visitorId,
            buildingId: b.id,
            visitorType: card.visitorType as TVisitorType,
            reason: card.reason,
            personVisiting: card.visiting,
            preRegistrationId: card.id,
            photoFileId: card.tempPhotoFileId,
            ...(meta.registrationId ? { registrationId: meta.registrationId } : {}),
          },
          // one check-in per sign-in, however often the kiosk asks
          `kiosk-sign-in-${card.id}`,
          'kiosk',
        );
      } catch (err) {
        // the gate refused (an exclusion added since, a screening too old, already checked in …):
        // the desk decides, with the reason on the card
        if (!(err instanceof AppError) || !['CONFLICT', 'VALIDATION_FAILED'].includes(err.code)) throw err;
        await sendToDesk(ctx, card, meta, err.message);
        return seeOffice;
      }
      await publishCard(card);
      let printed = false;
      if (result.print.mode === 'network') {
        try {
          // the badge's fixed words in the language the kiosk was used in (issue 29 §1)
          printed = (await visits.printBadge(ctx, result.visit.id, 'kiosk', language)).printed;
        } catch {
          // the visitor is checked in; the desk reprints from the visit log when the printer is back
          printed = false;
        }
      }
      return { state: 'checked_in', visitId: result.visit.id, badge: { printed, required: result.print.required } };
    },
  };
}
