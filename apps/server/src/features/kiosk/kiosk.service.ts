import {
  CONSTANTS,
  DEFAULT_HEALTH_QUESTIONS,
  KIOSK_LABEL_DEFAULTS,
  KIOSK_LIMITS,
  KIOSK_MESSAGES,
  type TKioskStudentDropoffRequest,
  type TKioskStudentDropoffResponse,
  type TKioskPickupCodeRequest,
  type TKioskStudentPickupRequest,
  type TKioskStudentPickupResponse,
  type TKioskStudentValidateRequest,
  type TKioskStudentValidateResponse,
  type TKioskAutoValidateResponse,
  type TKioskCheckOutRequest,
  type TKioskConfigResponse,
  type TKioskLookupRequest,
  type TKioskLookupResponse,
  type TKioskPerson,
  type TKioskProblemRequest,
  type TKioskSignInRequest,
  type TKioskSignInResponse,
  type TVisitorType,
  ZKioskSettings,
  ZKioskSignInRequest,
} from '@sv/contracts';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  canonicalName,
  localDateOf,
  localTimeOf,
  maskedContact,
  ONE_TIME_CODE,
  oneTimeCodeCheck,
  type ReleaseEvidence,
  visibleButtons,
  zonedDayBounds,
} from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, notFound } from '../../platform/http/app-error';
import type { PickupDiversion } from '../students/students.service';
import { createIdempotency } from '../../platform/http/idempotency';
import { hitWindowLimit } from '../../platform/http/window-limit';
import type { RequestCtx } from '../../platform/http/request-context';
import { readStored } from '../clients/stored-settings';
import { createPreRegistrationsRepository, type PreRegRow } from '../preregistrations/preregistrations.repository';
import { createRegisteredEntry } from '../registered-entry/registered-entry';
import { createScreeningService, undecidedFindings } from '../screening/screening.service';
import { createStudentReasonsRepository } from '../student-reasons/student-reasons.repository';
import { createStudentsRepository } from '../students/students.repository';
import { createStudentsService } from '../students/students.service';
import { createVisitorsRepository, visitorFieldsOf } from '../visitors/visitors.repository';
import { createVisitorsService } from '../visitors/visitors.service';
import { createVisitsService } from '../visits/visits.service';
import { createKioskRepository } from './kiosk.repository';

/** What the kiosk keeps on the card it makes (pre_registrations.issues.kiosk): ids only. */
interface KioskMeta {
  screeningId: string;
  registrationId: number | null;
  /** 'clear': the screening showed nothing to decide; 'issues': the desk decides */
  outcome: 'clear' | 'issues';
  /** issue 22 "Floods": sign-ins folded into this card (absent = 1) and the last one (ISO) */
  signIns?: number;
  lastAt?: string;
}
/** The health banner's card (issue 22 "Floods"): Yes answers folded into it and the last one (ISO). */
interface HealthMeta {
  count: number;
  lastAt: string;
}
type CardIssues = Record<string, unknown> & { kiosk?: KioskMeta; summary?: string[] };

/** Wording the desk reads on a kiosk card (our own: the spec is silent). */
export const KIOSK_CARD_TEXT = {
  arrival: 'Signed in at the kiosk',
  excluded: 'On the exclusion list',
  health: 'Answered Yes to a health question at the kiosk: please speak with this visitor.',
  healthName: 'Visitor at the kiosk',
} as const;

/** The line a card gains when repeats are folded into it (issue 22 "Floods"; our own wording). */
export const kioskRepeatLine = {
  signIns: (n: number, at: string) => `Signed in ${n} times at the kiosk; most recently at ${at}.`,
  health: (n: number, at: string) => `Answered Yes ${n} times at the kiosk; most recently at ${at}.`,
};

/**
 * Issue 22 "Floods": a kiosk card is made once per person and reason within the spec's screening
 * window (CONSTANTS.screeningValidMinutes) of its last activity; a repeat in that window refreshes
 * the waiting card (a count, the time, the new screening) instead of burying the desk in copies.
 */
const foldWindowStart = (now: Date) => new Date(now.getTime() - CONSTANTS.screeningValidMinutes * 60_000);

/** Codes one guardian may be sent within ONE_TIME_CODE.ttlMinutes (a kiosk cannot flood a phone). */
const MAX_CODES_PER_WINDOW = 3;

/** A lobby screen names a match by first name and last initial only (no one else's details). */
const displayName = (first: string, last: string) =>
  `${first.trim()} ${last.trim() ? `${last.trim()[0]!.toUpperCase()}.` : ''}`.trim();

/**
 * The kiosk (issue 14; spec 002 §2 Kiosk screens, §4 kiosk with/without auto badge, health banner,
 * §7 Kiosk). Every method requires 'kiosk.use' and acts on the kiosk account's own building.
 * The kiosk never decides who gets in: a sign-in is screened here exactly as the desk screens
 * (registry per the district's setting, exclusions), and only a screening with nothing to decide
 * is checked in, through `visits.checkIn` and its admission gate. Anything else becomes a pending
 * card on the desk's dashboard (ALLOW / DENY / CLOSE) and the kiosk says "see the office".
 */
export function createKioskService(deps: AppDeps) {
  const repo = createKioskRepository(deps.db);
  const cards = createPreRegistrationsRepository(deps.db);
  const visitorsRepo = createVisitorsRepository(deps.db);
  const visitors = createVisitorsService(deps);
  const visits = createVisitsService(deps);
  const screening = createScreeningService(deps);
  const registeredEntry = createRegisteredEntry(deps.db);
  const fileStore = createFileStore(deps.db);
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });
  const studentsService = createStudentsService(deps);
  const studentsRepo = createStudentsRepository(deps.db);
  const reasonsRepo = createStudentReasonsRepository(deps.db);

  /** The student of this ID and last name at the kiosk's building; the spec's validation failure otherwise. */
  async function requireStudent(b: { id: number; clientId: number }, who: { studentId: string; lastName: string }) {
    const student = await repo.studentAt(b, who.studentId, who.lastName);
    if (!student) throw notFound(KIOSK_MESSAGES.studentNotFound);
    return student;
  }

  async function kioskBuilding(ctx: RequestCtx) {
    requirePermission(ctx.actor, 'kiosk.use');
    const building = await repo.kioskBuilding(ctx.actor);
    if (!building) throw notFound('Building not found');
    return { ...building, kiosk: readStored(ZKioskSettings, building.kioskSettings) };
  }
  type KioskBuilding = Awaited<ReturnType<typeof kioskBuilding>>;

  async function kioskCard(ctx: RequestCtx, building: KioskBuilding, id: number) {
    const card = await cards.get(ctx.actor, id);
    const meta = (card?.issues as CardIssues | undefined)?.kiosk;
    if (!card || card.buildingId !== building.id || !meta) throw notFound('Sign-in not found');
    return { card, meta };
  }

  /**
   * The visitor a sign-in is for: the looked-up record (its survivor when it was merged), or the
   * same person on file (issue 22: resolveOrInsert; what was typed only fills what the record
   * lacks), or a first visit.
   */
  async function resolveVisitor(ctx: RequestCtx, building: KioskBuilding, input: ReturnType<typeof parseSignIn>) {
    if (input.visitorId !== undefined) {
      let v = await visitorsRepo.get(ctx.actor, input.visitorId);
      // a merged record signs in as its survivor (issue 22), through a chain of merges if need be
      for (let hop = 0; v?.mergedIntoId && hop < 10; hop++) v = await visitorsRepo.get(ctx.actor, v.mergedIntoId);
      if (!v || v.clientId !== building.clientId) throw notFound('Visitor not found');
      return v;
    }
    const p = input.person!;
    const { id } = await visitorsRepo.resolveOrInsert(
      building.clientId,
      building.id,
      visitorFieldsOf({ firstname: p.firstName, lastname: p.lastName, dob: p.dob }),
      { mode: 'self' },
    );
    return (await visitorsRepo.get(ctx.actor, id!))!;
  }

  function parseSignIn(raw: TKioskSignInRequest) {
    return ZKioskSignInRequest.parse(raw);
  }

  async function publishCard(card: { clientId: number; buildingId: number; id: number }, tx?: Db) {
    await deps.realtime.publish(
      { type: 'preregistration.changed', clientId: card.clientId, buildingId: card.buildingId, id: card.id },
      tx,
    );
  }

  /** Puts a refusal on the card for the desk (the kiosk shows "see the office"). */
  async function sendToDesk(card: PreRegRow, meta: KioskMeta, why: string) {
    const issues = card.issues as CardIssues;
    await cards.update(card.id, {
      bgResults: false,
      issues: { ...issues, summary: [...(issues.summary ?? []), why], kiosk: { ...meta, outcome: 'issues' } },
    });
    await publishCard(card);
  }

  /**
   * Issue 22 "Floods": one kiosk account's sign-ins, health answers and tardies per minute
   * (KIOSK_LIMITS), counted per account in the shared throttle table; over the limit, 429 with
   * the kiosk's calm sentence and nothing changed.
   */
  async function requireWithinLimit(ctx: RequestCtx, action: keyof typeof KIOSK_LIMITS, message: string) {
    const ok = await hitWindowLimit(deps.db, `kiosk:${action}:${ctx.actor.userId}`, KIOSK_LIMITS[action], deps.now());
    if (!ok) throw new AppError('RATE_LIMITED', message);
  }

  /** The code's HMAC under the server's secret, bound to its challenge: a 6-digit code is never stored. */
  const codeHash = (id: string, code: string) =>
    createHmac('sha256', deps.config.APP_SECRET).update(`release-code:${id}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

  /** The release of a verified adult at the kiosk, through the one release path (`recordPickup`). */
  async function release(
    ctx: RequestCtx,
    b: KioskBuilding,
    student: { id: number; firstname: string },
    guardianId: number,
    body: { reasonId: number; photoFileId: string },
    screeningId: string,
    evidence: ReleaseEvidence,
    releaseKey: string,
  ): Promise<TKioskStudentPickupResponse> {
    try {
      const r = await studentsService.recordPickup(
        ctx,
        student.id,
        { buildingId: b.id, guardianId, reasonId: body.reasonId, photoFileId: body.photoFileId, screeningId },
        releaseKey,
        'kiosk',
        evidence,
      );
      return { outcome: 'released', id: r.id, message: r.message };
    } catch (err) {
      // a refusal at the moment of release made its card (recordPickup): the office takes over
      if (err instanceof AppError && err.code === 'CONFLICT')
        return { outcome: 'see_office', message: KIOSK_MESSAGES.seeOffice(student.firstname) };
      throw err;
    }
  }

  async function matchesFor(building: KioskBuilding, person: TKioskPerson) {
    const rows = await visitorsRepo.findByNameAndDob(building.clientId, person.firstName, person.lastName, person.dob);
    return rows;
  }

  return {
    /** GET /api/kiosk/config: the main screen's buttons and the flags the screens follow. */
    async config(ctx: RequestCtx): Promise<TKioskConfigResponse> {
      const b = await kioskBuilding(ctx);
      const k = b.kiosk;
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
        },
        photoRequired: {
          visitor: b.requireKioskVisitorPhotoCheckIn,
          volunteer: b.requireKioskVolunteerPhotoCheckIn,
          studentCheckIn: b.requireKioskStudentPhotoCheckIn,
          studentCheckOut: b.requireKioskStudentPhotoCheckOut,
        },
        studentIdLabel: b.studentIdLabel,
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
    async autoValidate(ctx: RequestCtx, id: number): Promise<TKioskAutoValidateResponse> {
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
        await sendToDesk(card, meta, err.message);
        return seeOffice;
      }
      await publishCard(card);
      let printed = false;
      if (result.print.mode === 'network') {
        try {
          printed = (await visits.printBadge(ctx, result.visit.id, 'kiosk')).printed;
        } catch {
          // the visitor is checked in; the desk reprints from the visit log when the printer is back
          printed = false;
        }
      }
      return { state: 'checked_in', visitId: result.visit.id, badge: { printed, required: result.print.required } };
    },

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
     * POST /api/kiosk/students/validate (spec 002 §7 ValidateStudent): the student is enrolled at
     * this building under this ID and last name; answers their first name and the action's reasons.
     */
    async validateStudent(ctx: RequestCtx, body: TKioskStudentValidateRequest): Promise<TKioskStudentValidateResponse> {
      const b = await kioskBuilding(ctx);
      const student = await requireStudent(b, body);
      const reasons = await reasonsRepo.list(ctx.actor, {
        page: 1,
        perPage: 100,
        sort: 'sortOrder',
        dir: 'asc',
        clientId: b.clientId,
        kind: body.action,
        activeOnly: true,
      });
      return { firstName: student.firstname, reasons: reasons.data.map((r) => ({ id: r.id, name: r.name })) };
    },

    /** POST /api/kiosk/students/photos: the student's or the collecting adult's photo ('pickup-photo'). */
    async saveStudentPhoto(ctx: RequestCtx, buffer: Buffer) {
      const b = await kioskBuilding(ctx);
      return { photoFileId: await fileStore.saveImage(ctx, b.clientId, 'pickup-photo', buffer) };
    },

    /**
     * POST /api/kiosk/students/dropoffs (spec 002 §7 AddSelfDropoffSIS; Idempotency-Key): the desk's
     * drop-off (`recordDropoff`), then the tardy slip's print window.
     */
    async studentDropoff(
      ctx: RequestCtx,
      body: TKioskStudentDropoffRequest,
      key: string,
    ): Promise<TKioskStudentDropoffResponse> {
      const b = await kioskBuilding(ctx);
      const student = await requireStudent(b, body);
      if (b.requireKioskStudentPhotoCheckIn && !body.photoFileId)
        throw new AppError('VALIDATION_FAILED', 'This school requires a photo to sign in.', {
          photoFileId: ['Take a photo'],
        });
      if (body.photoFileId && !(await fileStore.findMeta(ctx, body.photoFileId)))
        throw new AppError('VALIDATION_FAILED', 'The photo could not be found.', { photoFileId: ['Unknown photo'] });
      // issue 22 "Floods": one tardy per student per day at the kiosk; another sign-in that day
      // (a retry, a second press, a prank) answers the first one's slip and records nothing
      const day = zonedDayBounds(deps.now(), b.timeZone);
      const first = await repo.dropoffOfDay(b, student.id, day.start, day.end);
      if (first)
        return {
          eventId: first.id,
          message: KIOSK_MESSAGES.tardyAlreadyRecorded,
          slipWindowUrl: `/KioskPrint/TardySlip/${first.id}`,
        };
      await requireWithinLimit(ctx, 'tardy', KIOSK_MESSAGES.tooManyTardies);
      const r = await studentsService.recordDropoff(
        ctx,
        student.id,
        { buildingId: b.id, reasonId: body.reasonId },
        key,
        'kiosk',
      );
      // a drop-off record has no photo column: the kiosk's photo is kept as a file of the district,
      // linked from the audit trail (id only)
      if (body.photoFileId)
        await deps.audit.record(ctx, {
          action: 'kiosk.student_photo',
          targetType: 'dropoff',
          targetId: r.eventId,
          clientId: b.clientId,
          buildingId: b.id,
          details: { photoFileId: body.photoFileId },
        });
      return { ...r, slipWindowUrl: `/KioskPrint/TardySlip/${r.eventId}` };
    },

    /**
     * POST /api/kiosk/students/pickups (Idempotency-Key; issue 22 "Releasing a child needs a
     * verified adult"). The adult is found among the student's people by name; the district's
     * authorisations and a fresh screening come first (`checkPickup`); then the adult is verified:
     * a date of birth on file that agrees with the one typed, or else a one-time code sent to the
     * phone or e-mail on file for that guardian. Anything else is not a release: the adult is asked
     * to see the front office, and the desk has a card (who, which student, why), security is told
     * and an audit row is written. The release itself goes through `recordPickup(…, 'kiosk')`.
     */
    async studentPickup(
      ctx: RequestCtx,
      body: TKioskStudentPickupRequest,
      key: string,
    ): Promise<TKioskStudentPickupResponse> {
      const b = await kioskBuilding(ctx);
      // one answer per visitor action: a retry answers the first result (no second card or code)
      return idempotency.run(ctx.actor.userId, key, 'kiosk.studentPickup', body, async () => {
        const student = await requireStudent(b, body);
        const seeOffice = { outcome: 'see_office' as const, message: KIOSK_MESSAGES.seeOffice(student.firstname) };
        const g = body.guardian;
        const adultName = `${g.firstName} ${g.lastName}`.trim();
        const divert = async (guardianId: number | null, why: PickupDiversion) => {
          await studentsService.divertPickup(ctx, {
            buildingId: b.id,
            studentId: student.id,
            guardianId,
            adultName,
            why,
            photoFileId: body.photoFileId,
          });
          return seeOffice;
        };
        // the name as a person, not as typed text (issue 22: look-alike letters, invisibles, case)
        const named = (await studentsRepo.people(student.id)).filter(
          (p) =>
            canonicalName(p.firstname) === canonicalName(g.firstName) &&
            canonicalName(p.lastname) === canonicalName(g.lastName) &&
            canonicalName(p.lastname) !== '',
        );
        const person = named.find((p) => p.dob !== null && p.dob === g.dob) ?? named[0];
        if (!person) return divert(null, 'not_listed');

        // court order, not authorised, flagged screening: checkPickup makes the card and refuses
        let screeningId: string;
        try {
          screeningId = (
            await studentsService.checkPickup(ctx, student.id, { buildingId: b.id, guardianId: person.id }, 'kiosk')
          ).screeningId;
        } catch (err) {
          if (err instanceof AppError && err.code === 'CONFLICT') return seeOffice;
          throw err;
        }
        const { onFile } = await studentsService.identityFor(student.id, person.id);
        if (onFile.dob !== null) {
          if (g.dob !== onFile.dob) return divert(person.id, 'dob_mismatch');
          return release(
            ctx,
            b,
            student,
            person.id,
            body,
            screeningId,
            { method: 'dob', dob: g.dob },
            `${key}-release`,
          );
        }
        // no date of birth on file: a code to the phone (else the e-mail) on file for this guardian
        const contact = person.phone.trim()
          ? { channel: 'sms' as const, to: person.phone.trim() }
          : person.email.trim()
            ? { channel: 'email' as const, to: person.email.trim() }
            : null;
        if (!contact) return divert(person.id, 'no_identity_on_file');
        const now = deps.now();
        const since = new Date(now.getTime() - ONE_TIME_CODE.ttlMinutes * 60_000);
        if ((await studentsRepo.recentChallenges(person.id, since)) >= MAX_CODES_PER_WINDOW)
          return divert(person.id, 'too_many_codes');
        const id = randomUUID();
        const code = String(randomInt(0, 10 ** ONE_TIME_CODE.digits)).padStart(ONE_TIME_CODE.digits, '0');
        await studentsRepo.insertChallenge({
          id,
          clientId: b.clientId,
          buildingId: b.id,
          studentId: student.id,
          guardianId: person.id,
          channel: contact.channel,
          codeHash: codeHash(id, code),
          expiresAt: new Date(now.getTime() + ONE_TIME_CODE.ttlMinutes * 60_000),
          reasonId: body.reasonId,
          photoFileId: body.photoFileId,
          adultName,
          createdBy: ctx.actor.userId,
        });
        const text = `${code} is your code to pick up ${student.firstname} at ${b.name}. It expires in ${ONE_TIME_CODE.ttlMinutes} minutes. If you are not at the school now, please call the school.`;
        await deps.messenger.send([
          {
            clientId: b.clientId,
            channel: contact.channel,
            recipient: contact.to,
            ...(contact.channel === 'email' ? { subject: `Your code to pick up ${student.firstname}` } : {}),
            body: text,
            kind: 'pickup-code',
          },
        ]);
        await deps.audit.record(ctx, {
          action: 'pickup.code_sent',
          targetType: 'student',
          targetId: student.id,
          clientId: b.clientId,
          buildingId: b.id,
          details: { guardianId: person.id, verificationId: id, channel: contact.channel },
        });
        return {
          outcome: 'code_sent' as const,
          verificationId: id,
          channel: contact.channel,
          hint: maskedContact(contact.channel, contact.to),
          expiresInMinutes: ONE_TIME_CODE.ttlMinutes,
        };
      });
    },

    /**
     * POST /api/kiosk/students/pickups/code (Idempotency-Key; issue 22): the code the adult
     * received. Right and in time: the release (authorisation and screening looked at again).
     * Wrong: try again, up to 5 attempts. Expired or out of attempts: the front office, with a card.
     */
    async studentPickupCode(
      ctx: RequestCtx,
      body: TKioskPickupCodeRequest,
      key: string,
    ): Promise<TKioskStudentPickupResponse> {
      const b = await kioskBuilding(ctx);
      return idempotency.run(ctx.actor.userId, key, 'kiosk.studentPickupCode', body, async () => {
        const ch = await studentsRepo.challenge(body.verificationId, b.id);
        if (!ch) throw notFound('This code is not known here. Please start again.');
        const student = await studentsRepo.student(ctx.actor, ch.studentId);
        if (!student) throw notFound(KIOSK_MESSAGES.studentNotFound);
        const seeOffice = { outcome: 'see_office' as const, message: KIOSK_MESSAGES.seeOffice(student.firstname) };
        const divert = async (why: PickupDiversion) => {
          await studentsService.divertPickup(ctx, {
            buildingId: b.id,
            studentId: ch.studentId,
            guardianId: ch.guardianId,
            adultName: ch.adultName,
            why,
            photoFileId: ch.photoFileId,
          });
          return seeOffice;
        };
        // a code already used or already refused: no second release, no second card
        if (ch.state !== 'pending') return seeOffice;
        const now = deps.now();
        if (now.getTime() >= ch.expiresAt.getTime()) {
          if (await studentsRepo.setChallengeState(ch.id, 'pending', 'failed')) return divert('code_expired');
          return seeOffice;
        }
        const counted = await studentsRepo.countAttempt(ch.id, ONE_TIME_CODE.maxAttempts);
        if (!counted) return seeOffice;
        const outcome = oneTimeCodeCheck({
          state: 'pending',
          expiresAt: counted.expiresAt,
          now,
          attempts: counted.attempts - 1,
          matches: sameHash(codeHash(ch.id, body.code), ch.codeHash),
        });
        await deps.audit.record(ctx, {
          action: 'pickup.code_checked',
          targetType: 'student',
          targetId: ch.studentId,
          clientId: b.clientId,
          buildingId: b.id,
          details: { guardianId: ch.guardianId, verificationId: ch.id, outcome, attempt: counted.attempts },
        });
        if (outcome === 'wrong')
          return {
            outcome: 'code_wrong' as const,
            verificationId: ch.id,
            attemptsLeft: ONE_TIME_CODE.maxAttempts - counted.attempts,
            message: KIOSK_MESSAGES.codeWrong,
          };
        if (outcome !== 'ok') {
          if (await studentsRepo.setChallengeState(ch.id, 'pending', 'failed'))
            return divert(outcome === 'expired' ? 'code_expired' : 'code_locked');
          return seeOffice;
        }
        if (!(await studentsRepo.setChallengeState(ch.id, 'pending', 'verified'))) return seeOffice;
        try {
          let screeningId: string;
          try {
            screeningId = (
              await studentsService.checkPickup(
                ctx,
                ch.studentId,
                { buildingId: b.id, guardianId: ch.guardianId },
                'kiosk',
              )
            ).screeningId;
          } catch (err) {
            if (err instanceof AppError && err.code === 'CONFLICT') return seeOffice;
            throw err;
          }
          return await release(
            ctx,
            b,
            student,
            ch.guardianId,
            { reasonId: ch.reasonId, photoFileId: ch.photoFileId },
            screeningId,
            {
              method: 'one_time_code',
              challenge: { guardianId: ch.guardianId, studentId: ch.studentId, state: 'verified' },
            },
            `${key}-release`,
          );
        } finally {
          // a code releases once, whatever happened
          await studentsRepo.setChallengeState(ch.id, 'verified', 'used', deps.now());
        }
      });
    },

    /** The tardy slip PDF of a kiosk drop-off (the desk's slip, in the building's zone). */
    async tardySlipPdf(ctx: RequestCtx, eventId: number) {
      await kioskBuilding(ctx);
      return studentsService.tardySlipPdf(ctx, eventId, 'kiosk');
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
