import { CONSTANTS, MESSAGES, PICKUP_MESSAGES, type TPickupRequest } from '@sv/contracts';
import {
  canonicalName,
  type IdentityOnFile,
  localDateOf,
  type PickupPath,
  parseAamva,
  type ReleaseEvidence,
} from '@sv/domain';
import { GUARDIAN_ROLES, SisError } from '../../integrations/sis/index';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { DenialsService } from '../denials';
import { type ScreeningRepository, type ScreeningService } from '../screening';
import type { RosterSyncRepository } from './roster-sync.repository';
import { sisClientFor } from './sis-connection';
import type { createStudentsRepository } from './students.repository';
export * from './students.rules';
import { PickupDiversion, DIVERSION_TEXT, fullName, rulesOf } from './students.rules';

/** Where a refused pickup happened, in the card and the security alert (issue 27 §3 adds reunification). */
const PATH_PLACE: Record<PickupPath, string> = {
  desk: 'at the desk',
  kiosk: 'at the kiosk',
  reunification: 'at a reunification station',
};
const REPORTED_BY: Record<PickupPath, string> = {
  desk: 'the front desk',
  kiosk: 'the kiosk',
  reunification: 'a reunification station',
};

/** What the students service's use-case modules share (issue 24 §1: the service split by use case). */
export function createStudentsCore(
  deps: AppDeps,
  {
    repo,
    screeningRepo,
    screening,
    rosterSync,
    denials,
  }: {
    repo: ReturnType<typeof createStudentsRepository>;
    screeningRepo: ScreeningRepository;
    screening: ScreeningService;
    rosterSync: RosterSyncRepository;
    denials: Pick<DenialsService, 'securityAlert'>;
  },
) {
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
    const where = PATH_PLACE[r.path];
    const summary = [
      r.path === 'kiosk' ? 'Student pickup at the kiosk: sent to the front office' : `Student pickup ${where}: refused`,
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
      notified = await denials.securityAlert({
        clientId: r.building.clientId,
        buildingId: r.building.id,
        buildingName: r.building.name,
        timeZone: r.building.timeZone,
        personName: r.person ? fullName(r.person) : r.adultName,
        dob: r.person?.dob ?? null,
        what: `Tried to pick up a student (${studentName}) ${where}; the student was not released. ${DIVERSION_TEXT[r.why]}`,
        reportedBy: REPORTED_BY[r.path],
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

  /** Refreshes the student's guardians from the SIS now (Skyward mode); SIS errors are the spec's §8 messages,
   * answered 424 (UPSTREAM_FAILED): the peer is unreachable, the request was handled. */
  async function refreshFromSis(clientId: number, sourcedId: string) {
    const client = await sisClientFor(deps, clientId);
    if (!client) throw new AppError('UPSTREAM_FAILED', MESSAGES.skywardFailed);
    let fresh: Awaited<ReturnType<typeof client.studentWithAgents>>;
    try {
      fresh = await client.studentWithAgents(sourcedId);
    } catch (err) {
      throw new AppError(
        'UPSTREAM_FAILED',
        err instanceof SisError && err.kind === 'failed' ? MESSAGES.guardiansSisError : MESSAGES.skywardFailed,
      );
    }
    if (!fresh) throw new AppError('UPSTREAM_FAILED', MESSAGES.guardiansSisError);
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await rosterSync.applyGuardians(
        tx,
        clientId,
        fresh.agents.filter((a) => GUARDIAN_ROLES.has(a.role)),
      );
      await rosterSync.applyStudents(tx, clientId, [fresh.student]);
    });
  }

  return {
    deps,
    repo,
    screeningRepo,
    screening,
    rosterSync,
    denials,
    files,
    idempotency,
    loadBuilding,
    loadStudent,
    studentRow,
    loadPerson,
    identityOf,
    refusePickup,
    deskEvidence,
    refreshFromSis,
  };
}
export type StudentsCore = ReturnType<typeof createStudentsCore>;
