import {
  CONSTANTS,
  MESSAGES,
  PICKUP_MESSAGES,
  type TAuthorizationCreate,
  type TAuthorizationsResponse,
  type TDropoffRequest,
  type TGuardianListResponse,
  type TPickupCheckResponse,
  type TPickupRequest,
  type TStudentSearchRequest,
  type TSyncStatus,
  ZAuthorizationCreate,
} from '@sv/contracts';
import {
  canonicalName,
  type IdentityOnFile,
  identityOnFile,
  licenceKey,
  localDateOf,
  type PickupPath,
  type PickupRefusal,
  type PickupRule,
  type PickupScreening,
  parseAamva,
  pickupAuthorization,
  pickupPermission,
  type ReleaseEvidence,
  type ReleaseVerificationRefusal,
  releaseDecision,
} from '@sv/domain';
import type { ScreeningFinding } from '../../db/schema/index';
import { GUARDIAN_ROLES, SisError } from '../../integrations/sis/index';
import { buildTardySlipPdf } from '../../integrations/printing/pdf-tardy-slip';
import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import { sendSecurityAlert } from '../denials/denials.service';
import { createScreeningRepository } from '../screening/screening.repository';
import { createScreeningService } from '../screening/screening.service';
import { resolveClientId } from '../settings/client-choice';
import { formatInZone } from '../visits/visits.service';
import { createRosterSyncRepository } from './roster-sync.repository';
import { syncRoster } from './roster-sync';
import { sisClientFor } from './sis-connection';
import { enqueueWriteback } from './sis-writeback';
import { createStudentsRepository } from './students.repository';

const REFUSAL_MESSAGE: Record<PickupRefusal, string> = {
  not_enrolled_here: PICKUP_MESSAGES.notEnrolledHere,
  inactive: PICKUP_MESSAGES.inactive,
  restricted: PICKUP_MESSAGES.restricted,
  expired: PICKUP_MESSAGES.expired,
  not_yet_valid: PICKUP_MESSAGES.notYetValid,
  no_authorisation: PICKUP_MESSAGES.notAuthorised,
  not_screened: PICKUP_MESSAGES.notScreened,
  flagged: PICKUP_MESSAGES.flagged,
};

/**
 * Why a pickup was refused or the adult sent to the office (issue 22): the desk's card and the
 * security alert say it in these words; the audit row keeps the code.
 */
export type PickupDiversion =
  | PickupRefusal
  | ReleaseVerificationRefusal
  | 'not_listed'
  | 'code_expired'
  | 'code_locked'
  | 'too_many_codes';

export const DIVERSION_TEXT: Record<PickupDiversion, string> = {
  not_enrolled_here: 'The student is not enrolled in this building.',
  inactive: 'The student or this person is no longer active in the student information system.',
  restricted: 'A court order or restriction on file: this person may not pick up this student.',
  expired: 'This person’s permission to pick up this student has expired.',
  not_yet_valid: 'This person’s permission to pick up this student has not started yet.',
  no_authorisation: 'This person is not authorised to pick up this student.',
  not_screened: 'This person could not be screened.',
  flagged: 'The screening found a possible exclusion or registry match.',
  not_listed: 'The name typed is not among this student’s people.',
  missing: 'The adult’s identity was not checked.',
  method_not_here: 'The adult’s identity was not checked.',
  no_identity_on_file: 'No date of birth, phone or e-mail is on file to verify this adult.',
  dob_mismatch: 'The date of birth typed does not agree with the one on file.',
  code_not_verified: 'The code sent to the phone or e-mail on file was not confirmed.',
  code_expired: 'The code sent to the phone or e-mail on file expired before it was entered.',
  code_locked: 'The code sent to the phone or e-mail on file was entered wrong too many times.',
  too_many_codes: 'Too many codes were asked for this person in a few minutes.',
  id_incomplete: 'The ID shown was incomplete.',
  id_mismatch: 'The ID shown does not agree with what is on file for this person.',
};

/** Verification refusals that are the attendant's input to correct (400, no card), not a refused adult. */
const INPUT_PROBLEMS: Partial<Record<ReleaseVerificationRefusal, string>> = {
  missing: PICKUP_MESSAGES.verificationRequired,
  method_not_here: PICKUP_MESSAGES.verificationRequired,
  no_identity_on_file: PICKUP_MESSAGES.noIdentityOnFile,
  id_incomplete: PICKUP_MESSAGES.idIncomplete,
};

const FALLBACK_ZONE = 'America/Chicago';
const printable = (s: string) =>
  s
    .replace(/[^0-9A-Za-z -]/g, '')
    .trim()
    .toUpperCase()
    .slice(0, 40);
const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** The rows of one person, as the pure rule reads them. */
const rulesOf = (
  rows: {
    id: number;
    guardianId: number;
    kind: string;
    validFrom: string | null;
    validTo: string | null;
    revokedAt: Date | null;
  }[],
  guardianId: number,
): PickupRule[] =>
  rows
    .filter((r) => r.guardianId === guardianId)
    .map((r) => ({
      id: r.id,
      kind: r.kind === 'deny' ? 'deny' : 'allow',
      validFrom: r.validFrom,
      validTo: r.validTo,
      revoked: r.revokedAt !== null,
    }));

/**
 * What a screening of the guardian says for a release: a finding that would need a decision at
 * check-in (a linked or potential exclusion, a gating registry match, not cleared before) stops
 * the pickup. A registry that could not be searched (no birth date from the SIS, or no answer) is
 * shown as a notice: the person is one the district authorised, and the exclusion list was checked.
 */
export function screeningForRelease(
  s: { visitorId: number; buildingId: number; screenedAt: Date; findings: unknown } | null,
  expect: { visitorId: number; buildingId: number; now: Date },
): PickupScreening {
  if (!s || s.visitorId !== expect.visitorId || s.buildingId !== expect.buildingId) return 'missing';
  const age = expect.now.getTime() - s.screenedAt.getTime();
  if (age < 0 || age > CONSTANTS.screeningValidMinutes * 60_000) return 'missing';
  const findings = s.findings as ScreeningFinding[];
  return findings.some((f) => f.gating && !f.clearedBefore && f.source !== 'registry_status') ? 'flagged' : 'clear';
}

/**
 * Students at the desk (issue 12; spec 002 §2 student screens, §4 Pickup and Dropoff, §7
 * Students, §8): lookup, guardian tables, the release of a student to a guardian, tardy drop-offs
 * with their slip, the district's pickup authorisations and the roster sync.
 *
 * Every pickup path calls `recordPickup`, which applies `pickupAuthorization` (@sv/domain): the
 * one place "never release a child without a current authorisation" is enforced.
 */
export function createStudentsService(deps: AppDeps) {
  const repo = createStudentsRepository(deps.db);
  const screeningRepo = createScreeningRepository(deps.db);
  const screening = createScreeningService(deps);
  const files = createFileStore(deps.db);
  const idempotency = createIdempotency(deps.db, { singleProcess: deps.database.kind === 'pglite' });

  async function loadBuilding(ctx: RequestCtx, buildingId: number | undefined) {
    const id = buildingId ?? ctx.actor.buildingId ?? undefined;
    if (id === undefined) throw badRequest('Choose a building.', { buildingId: ['Choose a building.'] });
    const building = await repo.building(ctx.actor, id);
    if (!building) throw notFound('Building not found');
    return building;
  }

  async function loadStudent(ctx: RequestCtx, studentId: number, clientId?: number) {
    const student = await repo.student(ctx.actor, studentId);
    if (!student || (clientId !== undefined && student.clientId !== clientId)) throw notFound('Student not found');
    return student;
  }

  const studentRow = (s: {
    id: number;
    clientId: number;
    firstname: string;
    lastname: string;
    identifier: string;
    buildingId: number | null;
    buildingName: string | null;
    active: boolean;
  }) => ({
    id: s.id,
    clientId: s.clientId,
    name: fullName(s),
    identifier: s.identifier,
    buildingId: s.buildingId,
    buildingName: s.buildingName,
    active: s.active,
  });

  /** The person and their rules for this student; 404 unless they are the student's (a SIS link or a rule). */
  async function loadPerson(studentId: number, guardianId: number) {
    const [people, rules] = await Promise.all([repo.people(studentId), repo.rules(studentId)]);
    const person = people.find((p) => p.id === guardianId);
    if (!person) throw notFound('Guardian not found');
    return { person, rules: rulesOf(rules, guardianId) };
  }

  type Person = Awaited<ReturnType<typeof loadPerson>>['person'];
  type Building = NonNullable<Awaited<ReturnType<typeof repo.building>>>;
  type Student = NonNullable<Awaited<ReturnType<typeof repo.student>>>;

  /** What the district holds about the adult (issue 22): the guardian row (SIS) and their visitor record. */
  async function identityOf(person: Person): Promise<IdentityOnFile> {
    const v = await repo.visitorIdentity(person.visitorId);
    return {
      guardianId: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      dob: person.dob ?? v?.dob ?? null,
      licenseNumber: v?.licenseNumber || null,
      licenseState: v?.licenseState || null,
    };
  }

  /**
   * A refused or diverted pickup (issue 22: court order, not authorised, unverified; desk or
   * kiosk): a card on the desk's dashboard among those needing a decision, an audit row, and the
   * district's security contacts told per their notification levels. The card and the audit row
   * are one transaction; the alert follows (a delivery problem never hides the card).
   */
  async function refusePickup(
    ctx: RequestCtx,
    r: {
      path: PickupPath;
      building: Building;
      student: Student;
      person: Person | null;
      /** the name the adult gave (the kiosk) or the guardian's */
      adultName: string;
      why: PickupDiversion;
      photoFileId?: string | null;
      screeningId?: string;
    },
  ) {
    const now = deps.now();
    const visitorId = r.person ? await repo.guardianVisitor(r.person, r.building.id) : null;
    // the photo of the adult on the card, when it is one of this district's pickup photos
    const photo = r.photoFileId ? await files.findMeta(ctx, r.photoFileId) : null;
    const photoFileId =
      photo && photo.kind === 'pickup-photo' && photo.clientId === r.building.clientId ? photo.id : null;
    const studentName = fullName(r.student);
    const [typedFirst = '', ...typedRest] = r.adultName.trim().split(/\s+/);
    const first = r.person ? r.person.firstname : typedFirst;
    const last = r.person ? r.person.lastname : typedRest.join(' ');
    const where = r.path === 'kiosk' ? 'at the kiosk' : 'at the desk';
    const summary = [
      r.path === 'kiosk'
        ? 'Student pickup at the kiosk: sent to the front office'
        : 'Student pickup at the desk: refused',
      `Wants to pick up ${studentName}${r.student.identifier ? ` (${r.student.identifier})` : ''}`,
      `Why: ${DIVERSION_TEXT[r.why]}`,
      'The student was not released.',
    ];
    // one card and one alert per attempt within the screening window (issue 22 "Floods"): a
    // repeated refusal of the same adult, student and reason is audited, and the card already
    // on the desk stands for it
    const who = r.person ? `g${r.person.id}` : `n${canonicalName(typedFirst)}|${canonicalName(typedRest.join(' '))}`;
    const key = `${r.student.id}:${who}:${r.why}:${r.path}`;
    const openCard = await repo.openRefusalCard(
      r.building.id,
      key,
      new Date(now.getTime() - CONSTANTS.screeningValidMinutes * 60_000),
    );
    if (openCard !== null) {
      await deps.audit.record(ctx, {
        action: 'pickup.refused',
        targetType: 'student',
        targetId: r.student.id,
        clientId: r.student.clientId,
        buildingId: r.building.id,
        details: { guardianId: r.person?.id ?? null, reason: r.why, path: r.path, cardId: openCard, repeated: true },
      });
      return { cardId: openCard, notified: 0 };
    }
    const cardId = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const id = await repo.insertCard(tx, {
        clientId: r.building.clientId,
        buildingId: r.building.id,
        visitorId,
        firstname: first,
        lastname: last,
        visitDate: localDateOf(now, r.building.timeZone),
        visiting: studentName,
        reason: 'Student pickup',
        status: 'pending',
        bgResults: false,
        tempPhotoFileId: photoFileId,
        tempPhotoAt: photoFileId ? now : null,
        issues: {
          summary,
          findings: [],
          // a refused or diverted pickup sorts first and is never capped on the dashboard (issue 22 "Floods")
          flagged: true,
          pickup: { studentId: r.student.id, guardianId: r.person?.id ?? null, why: r.why, path: r.path, key },
        },
      });
      await deps.realtime.publish(
        { type: 'preregistration.changed', clientId: r.building.clientId, buildingId: r.building.id, id },
        tx,
      );
      await deps.audit.record(
        ctx,
        {
          action: 'pickup.refused',
          targetType: 'student',
          targetId: r.student.id,
          clientId: r.student.clientId,
          buildingId: r.building.id,
          details: {
            guardianId: r.person?.id ?? null,
            reason: r.why,
            path: r.path,
            cardId: id,
            ...(r.screeningId ? { screeningId: r.screeningId } : {}),
          },
        },
        tx,
      );
      return id;
    });
    let notified = 0;
    try {
      notified = await sendSecurityAlert(deps, {
        clientId: r.building.clientId,
        buildingId: r.building.id,
        buildingName: r.building.name,
        timeZone: r.building.timeZone,
        personName: r.person ? fullName(r.person) : r.adultName,
        dob: r.person?.dob ?? null,
        what: `Tried to pick up a student (${studentName}) ${where}; the student was not released. ${DIVERSION_TEXT[r.why]}`,
        reportedBy: r.path === 'kiosk' ? 'the kiosk' : 'the front desk',
      });
    } catch {
      // no contact reachable: the card and the audit row stand
    }
    return { cardId, notified };
  }

  /** The desk's evidence from its request (issue 22); the kiosk builds its own (date of birth or code). */
  function deskEvidence(v: TPickupRequest['verification']): ReleaseEvidence | null {
    if (!v) return null;
    if (v.method === 'known_visitor') return { method: 'known_visitor' };
    if (v.method === 'id_typed')
      return { method: 'id_typed', licenseNumber: v.licenseNumber, licenseState: v.licenseState, dob: v.dob };
    const lic = parseAamva(v.raw);
    if (!lic) throw badRequest(PICKUP_MESSAGES.idScanUnreadable, { verification: [PICKUP_MESSAGES.idScanUnreadable] });
    return {
      method: 'id_scan',
      licenseNumber: lic.licenseNumber ?? '',
      licenseState: lic.state ?? '',
      dob: lic.dateOfBirth ?? '',
      firstName: lic.firstName ?? '',
      lastName: lic.lastName ?? '',
    };
  }

  /** Refreshes the student's guardians from the SIS now (Skyward mode); SIS errors are the spec's §8 messages. */
  async function refreshFromSis(clientId: number, sourcedId: string) {
    const client = await sisClientFor(deps, clientId);
    if (!client) throw new AppError('UPSTREAM_UNAVAILABLE', MESSAGES.skywardFailed);
    let fresh: Awaited<ReturnType<typeof client.studentWithAgents>>;
    try {
      fresh = await client.studentWithAgents(sourcedId);
    } catch (err) {
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        err instanceof SisError && err.kind === 'failed' ? MESSAGES.guardiansSisError : MESSAGES.skywardFailed,
      );
    }
    if (!fresh) throw new AppError('UPSTREAM_UNAVAILABLE', MESSAGES.guardiansSisError);
    const sync = createRosterSyncRepository(deps.db);
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await sync.applyGuardians(
        tx,
        clientId,
        fresh.agents.filter((a) => GUARDIAN_ROLES.has(a.role)),
      );
      await sync.applyStudents(tx, clientId, [fresh.student]);
    });
  }

  return {
    /** spec 002 §2: lookup by name, student ID (studentIdLabel) or a scanned student ID card. */
    async search(ctx: RequestCtx, body: TStudentSearchRequest) {
      requirePermission(ctx.actor, 'students.release');
      const clientId = body.clientId !== undefined ? resolveClientId(ctx.actor, body.clientId) : undefined;
      if (body.buildingId !== undefined) await loadBuilding(ctx, body.buildingId);
      const rows = await repo.search(ctx.actor, { clientId, buildingId: body.buildingId, text: body.text });
      return { data: rows.map(studentRow) };
    },

    /**
     * spec 002 §2 Student Pickup, §7 GuardianList / GuardianListSIS: the guardian table with
     * canPickup from the district's authorisations (no permission = a cross). The SIS variant
     * reads the student's guardians from the SIS first.
     */
    async guardians(
      ctx: RequestCtx,
      studentId: number,
      q: { buildingId?: number; mode: 'general' | 'sis' },
    ): Promise<TGuardianListResponse> {
      requirePermission(ctx.actor, 'students.release');
      const building = await loadBuilding(ctx, q.buildingId);
      let student = await loadStudent(ctx, studentId, building.clientId);
      if (q.mode === 'sis') {
        await refreshFromSis(student.clientId, student.sourcedId);
        student = await loadStudent(ctx, studentId, building.clientId);
      }
      const today = localDateOf(deps.now(), building.timeZone);
      const [people, rules] = await Promise.all([repo.people(studentId), repo.rules(studentId)]);
      return {
        student: studentRow(student),
        guardians: people.map((p) => {
          const own = rulesOf(rules, p.id);
          const verdict = pickupAuthorization({
            path: 'desk',
            studentBuildingId: student.buildingId,
            buildingId: building.id,
            studentActive: student.active,
            guardianActive: p.active,
            rules: own,
            today,
            screening: 'clear', // screened when the pickup starts
          });
          const live = rules.filter((r) => r.guardianId === p.id && r.revokedAt === null);
          // comments: the note of the rule that decides (a court order's note first)
          const perm = pickupPermission(own, today);
          const deciding =
            live.find((r) => r.kind === 'deny') ??
            live.find((r) => perm.canPickup && r.id === perm.authorizationId) ??
            live[0];
          return {
            guardianId: p.id,
            name: fullName(p),
            relationship: p.role || (p.source === 'local' ? 'exception' : ''),
            address: p.address,
            comments: deciding?.note ?? '',
            canPickup: verdict.allowed,
            refusal: verdict.allowed ? null : REFUSAL_MESSAGE[verdict.reason],
          };
        }),
      };
    },

    /**
     * The pickup starts (the guardian's Pickup action): the rule without the screening, then the
     * guardian is screened like any visitor (exclusions and registry, issue 12 "Beyond the spec").
     * A flagged guardian stops the pickup and the office is alerted (the security notification path).
     */
    async checkPickup(
      ctx: RequestCtx,
      studentId: number,
      body: { buildingId: number; guardianId: number },
      path: PickupPath = 'desk',
    ): Promise<TPickupCheckResponse> {
      requirePermissionVia(ctx.actor, 'students.release', path);
      const building = await loadBuilding(ctx, body.buildingId);
      const student = await loadStudent(ctx, studentId, building.clientId);
      const { person, rules } = await loadPerson(studentId, body.guardianId);
      const before = pickupAuthorization({
        path,
        studentBuildingId: student.buildingId,
        buildingId: building.id,
        studentActive: student.active,
        guardianActive: person.active,
        rules,
        today: localDateOf(deps.now(), building.timeZone),
        screening: 'clear',
      });
      if (!before.allowed) {
        await refusePickup(ctx, { path, building, student, person, adultName: fullName(person), why: before.reason });
        throw conflict(REFUSAL_MESSAGE[before.reason]);
      }
      const visitorId = await repo.guardianVisitor(person, building.id);
      const sc = await screening.screen(ctx, visitorId, { buildingId: building.id }, path);
      const stored = await screeningRepo.findScreening(ctx.actor, sc.id);
      const outcome = screeningForRelease(stored, { visitorId, buildingId: building.id, now: deps.now() });
      if (outcome !== 'clear') {
        await refusePickup(ctx, {
          path,
          building,
          student,
          person,
          adultName: fullName(person),
          why: 'flagged',
          screeningId: sc.id,
        });
        throw conflict(PICKUP_MESSAGES.flagged);
      }
      const notice =
        sc.registry.status === 'ok' || sc.registry.status === 'off' ? null : PICKUP_MESSAGES.registryUnavailable;
      const onFile = await identityOf({ ...person, visitorId });
      const number = licenceKey(onFile.licenseNumber);
      return {
        screeningId: sc.id,
        notice,
        identity: {
          onFile: identityOnFile(onFile),
          dob: onFile.dob,
          licenseHint: number && onFile.licenseState ? `${onFile.licenseState} ••••${number.slice(-4)}` : null,
        },
      };
    },

    /**
     * A kiosk pickup the kiosk itself sends to the office (issue 22: a name not among the
     * student's people, a date of birth that disagrees, nothing on file to verify, a code that
     * failed): the same card, audit row and security alert as every refused pickup.
     */
    async divertPickup(
      ctx: RequestCtx,
      r: {
        buildingId: number;
        studentId: number;
        guardianId: number | null;
        adultName: string;
        why: PickupDiversion;
        photoFileId?: string | null;
      },
    ) {
      requirePermissionVia(ctx.actor, 'students.release', 'kiosk');
      const building = await loadBuilding(ctx, r.buildingId);
      const student = await loadStudent(ctx, r.studentId, building.clientId);
      const person = r.guardianId !== null ? (await loadPerson(r.studentId, r.guardianId)).person : null;
      return refusePickup(ctx, {
        path: 'kiosk',
        building,
        student,
        person,
        adultName: r.adultName,
        why: r.why,
        photoFileId: r.photoFileId,
      });
    },

    /** What a release of this student to this person is checked against (issue 22). */
    async identityFor(studentId: number, guardianId: number) {
      const { person } = await loadPerson(studentId, guardianId);
      return { person, onFile: await identityOf(person) };
    },

    /** The photo of the person collecting (spec 002 §4 Pickup: the photo dialog), stored before the record. */
    async savePickupPhoto(ctx: RequestCtx, studentId: number, buffer: Buffer, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'students.release', via);
      const student = await loadStudent(ctx, studentId);
      return { photoFileId: await files.saveImage(ctx, student.clientId, 'pickup-photo', buffer) };
    },

    /**
     * Records a release (spec 002 §3 pickup record, §4 Pickup, §8 'Pickup has been successfully
     * recorded.'). Every path (the desk now, the kiosk's student modal later) comes here:
     * `pickupAuthorization` decides, on the server, at this moment, with the stored screening.
     */
    async recordPickup(
      ctx: RequestCtx,
      studentId: number,
      body: TPickupRequest,
      key: string,
      path: PickupPath = 'desk',
      /** the kiosk's evidence (date of birth or code), established by the kiosk service; the desk's comes from the body */
      kioskEvidence?: ReleaseEvidence,
    ) {
      // the kiosk's student modal (issue 14) drives this with 'kiosk.use'; the rule is the same
      requirePermissionVia(ctx.actor, 'students.release', path);
      return idempotency.run(ctx.actor.userId, key, 'students.pickup', { studentId, body, path }, async () => {
        const building = await loadBuilding(ctx, body.buildingId);
        const student = await loadStudent(ctx, studentId, building.clientId);
        const { person, rules } = await loadPerson(studentId, body.guardianId);
        // issue 22: no release without a verification of the adult (the desk's ID step)
        if (path === 'desk' && !body.verification)
          throw badRequest(PICKUP_MESSAGES.verificationRequired, {
            verification: [PICKUP_MESSAGES.verificationRequired],
          });
        const evidence = path === 'kiosk' ? (kioskEvidence ?? null) : deskEvidence(body.verification);
        const now = deps.now();
        const stored = await screeningRepo.findScreening(ctx.actor, body.screeningId);
        const onFile = await identityOf(person);
        // the one rule (issue 22): authorisation, screening, then the adult's verification
        const verdict = releaseDecision({
          path,
          studentBuildingId: student.buildingId,
          buildingId: building.id,
          studentActive: student.active,
          guardianActive: person.active,
          rules,
          today: localDateOf(now, building.timeZone),
          screening: person.visitorId
            ? screeningForRelease(stored, { visitorId: person.visitorId, buildingId: building.id, now })
            : 'missing',
          studentId: student.id,
          onFile,
          evidence,
        });
        if (!verdict.allowed) {
          if (verdict.reason === 'unverified') {
            const input = path === 'desk' ? INPUT_PROBLEMS[verdict.verification] : undefined;
            if (input) throw badRequest(input, { verification: [input] });
          }
          const why = verdict.reason === 'unverified' ? verdict.verification : verdict.reason;
          await refusePickup(ctx, {
            path,
            building,
            student,
            person,
            adultName: fullName(person),
            why,
            photoFileId: body.photoFileId,
          });
          throw conflict(
            verdict.reason === 'unverified' ? PICKUP_MESSAGES.unverified : REFUSAL_MESSAGE[verdict.reason],
          );
        }
        const photo = await files.findMeta(ctx, body.photoFileId);
        if (!photo || photo.kind !== 'pickup-photo' || photo.clientId !== student.clientId)
          throw badRequest(PICKUP_MESSAGES.photoRequired, { photoFileId: [PICKUP_MESSAGES.photoRequired] });
        const reason = await repo.reason(student.clientId, body.reasonId, 'pickup');
        if (!reason) throw badRequest(PICKUP_MESSAGES.reasonRequired, { reasonId: [PICKUP_MESSAGES.reasonRequired] });
        const writeBack = await repo.hasRemoteSis(student.clientId);
        const id = await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const eventId = await repo.insertPickup(tx, {
            clientId: student.clientId,
            buildingId: building.id,
            studentId: student.id,
            guardianId: person.id,
            studentName: fullName(student),
            guardianName: fullName(person),
            reasonId: reason.id,
            reason: reason.name,
            photoFileId: photo.id,
            authorizationId: verdict.authorizationId,
            screeningId: body.screeningId,
            path,
            verification: verdict.verification,
            attendantId: ctx.actor.userId,
            pickedUpAt: now,
          });
          // the ID the desk checked becomes the identity on file where there was none (issue 22)
          if (evidence && (evidence.method === 'id_scan' || evidence.method === 'id_typed') && person.visitorId)
            await repo.fillVisitorIdentity(tx, person.visitorId, {
              dob: evidence.dob,
              // as printed (letters, digits, dashes and spaces only: a scan can carry control characters)
              licenseNumber: printable(evidence.licenseNumber),
              licenseState: printable(evidence.licenseState),
            });
          if (writeBack) await enqueueWriteback(tx, student.clientId, 'pickup', eventId);
          await deps.audit.record(
            ctx,
            {
              action: 'pickup.recorded',
              targetType: 'student',
              targetId: student.id,
              clientId: student.clientId,
              buildingId: building.id,
              details: {
                pickupId: eventId,
                guardianId: person.id,
                authorizationId: verdict.authorizationId,
                path,
                verification: verdict.verification,
              },
            },
            tx,
          );
          return eventId;
        });
        return { id, message: MESSAGES.pickupRecorded };
      });
    },

    /** spec 002 §4 Dropoff, §7 AddDropoffSIS: the reason is required; answers the event id for the tardy slip. */
    async recordDropoff(ctx: RequestCtx, studentId: number, body: TDropoffRequest, key: string, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'students.release', via);
      return idempotency.run(ctx.actor.userId, key, 'students.dropoff', { studentId, body }, async () => {
        const building = await loadBuilding(ctx, body.buildingId);
        const student = await loadStudent(ctx, studentId, building.clientId);
        if (student.buildingId !== building.id) throw conflict(PICKUP_MESSAGES.notEnrolledHere);
        const reason = await repo.reason(student.clientId, body.reasonId, 'dropoff');
        if (!reason) throw badRequest(PICKUP_MESSAGES.reasonRequired, { reasonId: [PICKUP_MESSAGES.reasonRequired] });
        const writeBack = await repo.hasRemoteSis(student.clientId);
        const eventId = await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const id = await repo.insertDropoff(tx, {
            clientId: student.clientId,
            buildingId: building.id,
            studentId: student.id,
            studentName: fullName(student),
            reasonId: reason.id,
            reason: reason.name,
            isExcused: reason.isExcused,
            attendantId: ctx.actor.userId,
            droppedOffAt: deps.now(),
          });
          if (writeBack) await enqueueWriteback(tx, student.clientId, 'dropoff', id);
          await deps.audit.record(
            ctx,
            {
              action: 'dropoff.recorded',
              targetType: 'student',
              targetId: student.id,
              clientId: student.clientId,
              buildingId: building.id,
              details: { dropoffId: id, isExcused: reason.isExcused },
            },
            tx,
          );
          return id;
        });
        return { eventId, message: MESSAGES.dropoffRecorded };
      });
    },

    /** The tardy slip PDF of a drop-off (time in the building's zone, never the browser's offset). */
    async tardySlipPdf(ctx: RequestCtx, eventId: number, via: Via = 'desk') {
      requirePermissionVia(ctx.actor, 'students.release', via);
      const e = await repo.dropoff(ctx.actor, eventId);
      if (!e) throw notFound('Drop-off not found');
      return buildTardySlipPdf({
        buildingName: e.buildingName,
        studentName: e.studentName,
        studentIdLine: e.identifier ? `${e.studentIdLabel || 'Student ID'}: ${e.identifier}` : '',
        when: formatInZone(e.at, e.timeZone),
        reason: e.reason,
        isExcused: e.isExcused,
        attendantName: e.attendantName ?? '',
      });
    },

    // ---------------------------------------------------------------- authorisations (administrators)

    async authorizations(ctx: RequestCtx, studentId: number): Promise<TAuthorizationsResponse> {
      requirePermission(ctx.actor, 'pickupAuthorizations.manage');
      const student = await loadStudent(ctx, studentId);
      const today = localDateOf(deps.now(), student.timeZone ?? FALLBACK_ZONE);
      const [people, rules] = await Promise.all([repo.people(studentId), repo.rules(studentId)]);
      return {
        student: studentRow(student),
        today,
        people: people.map((p) => ({
          guardianId: p.id,
          name: fullName(p),
          relationship: p.role,
          source: p.source === 'local' ? 'local' : 'sis',
          canPickupToday: pickupPermission(rulesOf(rules, p.id), today).canPickup,
        })),
        rules: rules
          .filter((r) => r.revokedAt === null)
          .map((r) => ({
            id: r.id,
            guardianId: r.guardianId,
            kind: r.kind === 'deny' ? 'deny' : 'allow',
            note: r.note,
            validFrom: r.validFrom,
            validTo: r.validTo,
            state:
              r.validTo !== null && r.validTo < today
                ? 'expired'
                : r.validFrom !== null && r.validFrom > today
                  ? 'upcoming'
                  : 'in_force',
            createdAt: r.createdAt.toISOString(),
          })),
      };
    },

    async addAuthorization(ctx: RequestCtx, studentId: number, raw: TAuthorizationCreate) {
      requirePermission(ctx.actor, 'pickupAuthorizations.manage');
      const body = ZAuthorizationCreate.parse(raw);
      const student = await loadStudent(ctx, studentId);
      let guardianId = body.guardianId;
      if (guardianId !== undefined) {
        // one of the student's people (SIS link or earlier rule) or another person of the district
        if (!(await repo.guardianOfClient(student.clientId, guardianId))) throw notFound('Guardian not found');
      } else {
        guardianId = await repo.addLocalPerson(student.clientId, {
          firstname: body.firstname ?? '',
          lastname: body.lastname ?? '',
          address: body.address,
        });
      }
      const rule = await repo.addRule({
        clientId: student.clientId,
        studentId: student.id,
        guardianId,
        kind: body.kind,
        note: body.note,
        validFrom: body.validFrom ?? null,
        validTo: body.validTo ?? null,
        createdBy: ctx.actor.userId,
      });
      await deps.audit.record(ctx, {
        action: 'pickupAuthorization.create',
        targetType: 'student',
        targetId: student.id,
        clientId: student.clientId,
        details: { ruleId: rule.id, guardianId, kind: rule.kind, validFrom: rule.validFrom, validTo: rule.validTo },
      });
      return { id: rule.id };
    },

    async revokeAuthorization(ctx: RequestCtx, studentId: number, ruleId: number) {
      requirePermission(ctx.actor, 'pickupAuthorizations.manage');
      const student = await loadStudent(ctx, studentId);
      const done = await repo.revokeRule(student.id, ruleId, ctx.actor.userId, deps.now());
      if (!done) throw notFound('Authorisation not found');
      await deps.audit.record(ctx, {
        action: 'pickupAuthorization.revoke',
        targetType: 'student',
        targetId: student.id,
        clientId: student.clientId,
        details: { ruleId },
      });
      return { id: ruleId };
    },

    // ---------------------------------------------------------------- roster sync

    async syncNow(ctx: RequestCtx, requested: number | undefined) {
      requirePermission(ctx.actor, 'students.sync');
      const clientId = resolveClientId(ctx.actor, requested);
      if (!(await repo.clientExists(ctx.actor, clientId))) throw notFound('Client not found');
      const result = await syncRoster(deps, clientId);
      await deps.audit.record(ctx, {
        action: 'students.sync',
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: { ...result },
      });
      return this.syncStatus(ctx, clientId);
    },

    async syncStatus(ctx: RequestCtx, requested: number | undefined): Promise<TSyncStatus> {
      requirePermission(ctx.actor, 'students.sync');
      const clientId = resolveClientId(ctx.actor, requested);
      if (!(await repo.clientExists(ctx.actor, clientId))) throw notFound('Client not found');
      const { state, counts } = await repo.syncStatus(clientId);
      const n = (s: string[]) => counts.filter((c) => s.includes(c.status)).reduce((a, c) => a + c.n, 0);
      const status = !state ? 'never' : state.status === 'running' || state.status === 'failed' ? state.status : 'idle';
      return {
        clientId,
        status,
        message:
          status === 'failed'
            ? state?.lastError === 'failed'
              ? MESSAGES.guardiansSisError
              : MESSAGES.skywardFailed
            : null,
        lastRunAt: state?.lastRunAt?.toISOString() ?? null,
        lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
        studentsSynced: state?.studentsSynced ?? 0,
        writeback: {
          pending: n(['pending', 'retrying']),
          sent: n(['sent']),
          failed: n(['failed']),
          unsupported: n(['unsupported']),
        },
      };
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
