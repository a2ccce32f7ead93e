import type { EmergencyStatesRepository } from '../emergency';
import type { HostsRepository } from '../hosts';
import {
  EMERGENCY_MESSAGES,
  CONSTANTS,
  KIOSK_LIMITS,
  KIOSK_MESSAGES,
  type TKioskStudentPickupResponse,
  type TKioskPerson,
  type TKioskSignInRequest,
  ZKioskSettings,
  ZKioskSignInRequest,
} from '@sv/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ReleaseEvidence, type SisSettings } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import { hitWindowLimit } from '../../platform/http/window-limit';
import type { RequestCtx } from '../../platform/http/request-context';
import { readStored } from '../clients';
import type { PreRegistrationsRepository, PreRegRow } from '../preregistrations';
import type { RegisteredEntryService } from '../registered-entry';
import { type ScreeningService } from '../screening';
import type { StudentReasonsRepository } from '../student-reasons';
import { type StudentsRepository, type StudentsService } from '../students';
import { type VisitorsRepository, visitorFieldsOf, type VisitorsService } from '../visitors';
import type { VisitsService } from '../visits';
import type { KioskRepository } from './kiosk.repository';

/** What the kiosk keeps on the card it makes (pre_registrations.issues.kiosk): ids only. */
export interface KioskMeta {
  screeningId: string;
  registrationId: number | null;
  /** 'clear': the screening showed nothing to decide; 'issues': the desk decides */
  outcome: 'clear' | 'issues';
  /** issue 22 "Floods": sign-ins folded into this card (absent = 1) and the last one (ISO) */
  signIns?: number;
  lastAt?: string;
}
/** The health banner's card (issue 22 "Floods"): Yes answers folded into it and the last one (ISO). */
export interface HealthMeta {
  count: number;
  lastAt: string;
}
export type CardIssues = Record<string, unknown> & { kiosk?: KioskMeta; summary?: string[] };

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
export const foldWindowStart = (now: Date) => new Date(now.getTime() - CONSTANTS.screeningValidMinutes * 60_000);

/** Codes one guardian may be sent within ONE_TIME_CODE.ttlMinutes (a kiosk cannot flood a phone). */
export const MAX_CODES_PER_WINDOW = 3;

/** A lobby screen names a match by first name and last initial only (no one else's details). */
export const displayName = (first: string, last: string) =>
  `${first.trim()} ${last.trim() ? `${last.trim()[0]!.toUpperCase()}.` : ''}`.trim();

/** What the kiosk's use-case modules share (issue 24 §1: the kiosk split by use case). */
export function createKioskCore(
  deps: AppDeps,
  {
    repo,
    cards,
    visitorsRepo,
    visitors,
    visits,
    screening,
    registeredEntry,
    studentsService,
    studentsRepo,
    reasonsRepo,
    emergencyStates,
    hostsRepo,
  }: {
    repo: KioskRepository;
    cards: PreRegistrationsRepository;
    visitorsRepo: VisitorsRepository;
    visitors: VisitorsService;
    visits: VisitsService;
    screening: ScreeningService;
    registeredEntry: RegisteredEntryService;
    studentsService: StudentsService;
    studentsRepo: StudentsRepository;
    reasonsRepo: StudentReasonsRepository;
    /** issue 27 §1 (ADR 0037): the kiosk signs nobody in while its building has an active state */
    emergencyStates: Pick<EmergencyStatesRepository, 'activeStateOf'>;
    /** issue 28 §1: the kiosk's "Person visiting" suggestions and the host a sign-in names */
    hostsRepo: Pick<HostsRepository, 'kioskOptions' | 'usableAt'>;
  },
) {
  const fileStore = createFileStore(deps.db);
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });

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

  /**
   * Issue 27 §1 (ADR 0037): while a lockdown, secure, shelter or evacuation is active at the
   * building, the kiosk refuses sign-ins, drop-offs and pickups (409, one calm sentence the kiosk
   * shows in its language); the desk still works.
   */
  async function requireNoEmergency(b: { id: number }) {
    if ((await emergencyStates.activeStateOf(b.id)) !== null) throw conflict(EMERGENCY_MESSAGES.kioskClosed);
  }

  /** The kiosk's own SIS settings (spec 002 §3 kiosk settings), read by the SIS-mode rule of spec 002 §4. */
  const kioskSis = (k: KioskBuilding['kiosk']): SisSettings => ({
    pickupBtn: k.pickupBtn,
    studentInfoSystemId: k.clientsStudentInfoSystemId,
    dropoffDetected: k.sisStudentDropoffDetected,
    pickupDetected: k.sisStudentPickupDetected,
  });

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
  async function sendToDesk(ctx: RequestCtx, card: PreRegRow, meta: KioskMeta, why: string) {
    const issues = card.issues as CardIssues;
    await cards.update(ctx.actor, card.id, {
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
    body: { reasonId: number; photoFileId: string | null },
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
    deps,
    repo,
    cards,
    visitorsRepo,
    visitors,
    visits,
    screening,
    registeredEntry,
    studentsService,
    studentsRepo,
    reasonsRepo,
    hostsRepo,
    fileStore,
    idempotency,
    requireStudent,
    kioskBuilding,
    requireNoEmergency,
    kioskSis,
    kioskCard,
    resolveVisitor,
    parseSignIn,
    publishCard,
    sendToDesk,
    requireWithinLimit,
    codeHash,
    sameHash,
    release,
    matchesFor,
  };
}
export type KioskCore = ReturnType<typeof createKioskCore>;
