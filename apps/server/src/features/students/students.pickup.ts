import { MESSAGES, PICKUP_MESSAGES, type TPickupCheckResponse, type TPickupRequest } from '@sv/contracts';
import {
  identityOnFile,
  licenceKey,
  localDateOf,
  type PickupPath,
  pickupAuthorization,
  type ReleaseEvidence,
  releaseDecision,
} from '@sv/domain';
import { requirePermissionVia, type Via } from '../../platform/auth/permission';
import { viaOf } from './students.rules';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { enqueueWriteback } from './sis-writeback';
import { publishWebhook } from '../webhooks/index';
import {
  REFUSAL_MESSAGE,
  PickupDiversion,
  INPUT_PROBLEMS,
  printable,
  fullName,
  screeningForRelease,
  rulesOf,
  type StudentsCore,
} from './students.core';

/** Student pickup (spec 002 §4 Pickup; issue 12, issue 22): the checks, a diverted pickup, and the release through recordPickup. */
export function pickupUseCases(core: StudentsCore) {
  const {
    deps,
    repo,
    screeningRepo,
    screening,
    files,
    idempotency,
    loadBuilding,
    loadStudent,
    loadPerson,
    identityOf,
    refusePickup,
    deskEvidence,
  } = core;
  return {
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
      requirePermissionVia(ctx.actor, 'students.release', viaOf(path));
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
      const sc = await screening.screen(ctx, visitorId, { buildingId: building.id }, viaOf(path));
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
    /**
     * Reunification (issue 27 §3, ADR 0050): which of the children an adult asks for a station may
     * offer. The adult is screened once at the building (as the desk's pickup check does), then the
     * one rule, `releaseDecision`, is applied to each child with the ID the station checked. Nothing
     * is released here: `recordPickup(…, 'reunification')` releases, through the same rule again.
     * A refused child is carded, audited and alerted like every refused pickup (`refusePickup`).
     */
    async releaseOptions(
      ctx: RequestCtx,
      r: {
        buildingId: number;
        guardianId: number;
        studentIds: number[];
        verification: TPickupRequest['verification'];
      },
    ): Promise<{
      screeningId: string | null;
      children: { studentId: number; allowed: boolean; message: string | null }[];
    }> {
      requirePermissionVia(ctx.actor, 'students.release', viaOf('reunification'));
      const building = await loadBuilding(ctx, r.buildingId);
      if (!r.verification)
        throw badRequest(PICKUP_MESSAGES.verificationRequired, {
          verification: [PICKUP_MESSAGES.verificationRequired],
        });
      const evidence = deskEvidence(r.verification);
      const found = await Promise.all(
        r.studentIds.map(async (id) => {
          const student = await repo.student(ctx.actor, id);
          if (!student || student.clientId !== building.clientId) return { id, student: null, link: null };
          const [people, rows] = await Promise.all([repo.people(id), repo.rules(id)]);
          const person = people.find((p) => p.id === r.guardianId) ?? null;
          return { id, student, link: person ? { person, rules: rulesOf(rows, r.guardianId) } : null };
        }),
      );
      const person = found.find((f) => f.link)?.link?.person;
      // the adult is none of these children's people: no permission, nothing to screen
      if (!person)
        return {
          screeningId: null,
          children: found.map((f) => ({
            studentId: f.id,
            allowed: false,
            message: f.student ? PICKUP_MESSAGES.notAuthorised : PICKUP_MESSAGES.notEnrolledHere,
          })),
        };
      const visitorId = await repo.guardianVisitor(person, building.id);
      const sc = await screening.screen(ctx, visitorId, { buildingId: building.id }, 'desk');
      const stored = await screeningRepo.findScreening(ctx.actor, sc.id);
      const now = deps.now();
      const onFile = await identityOf({ ...person, visitorId });
      const children: { studentId: number; allowed: boolean; message: string | null }[] = [];
      for (const f of found) {
        // a child this station cannot see is another building's (or district's): never offered
        if (!f.student) {
          children.push({ studentId: f.id, allowed: false, message: PICKUP_MESSAGES.notEnrolledHere });
          continue;
        }
        const verdict = releaseDecision({
          path: 'reunification',
          studentBuildingId: f.student.buildingId,
          buildingId: building.id,
          studentActive: f.student.active,
          guardianActive: person.active,
          rules: f.link?.rules ?? [],
          today: localDateOf(now, building.timeZone),
          screening: screeningForRelease(stored, { visitorId, buildingId: building.id, now }),
          studentId: f.student.id,
          onFile,
          evidence,
        });
        if (verdict.allowed) {
          children.push({ studentId: f.id, allowed: true, message: null });
          continue;
        }
        if (verdict.reason === 'unverified') {
          const input = INPUT_PROBLEMS[verdict.verification];
          if (input) throw badRequest(input, { verification: [input] });
        }
        const why = verdict.reason === 'unverified' ? verdict.verification : verdict.reason;
        await refusePickup(ctx, {
          path: 'reunification',
          building,
          student: f.student,
          person,
          adultName: fullName(person),
          why,
          screeningId: sc.id,
        });
        children.push({
          studentId: f.id,
          allowed: false,
          message: verdict.reason === 'unverified' ? PICKUP_MESSAGES.unverified : REFUSAL_MESSAGE[verdict.reason],
        });
      }
      return { screeningId: sc.id, children };
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
      /** the kiosk may send no photo where the building does not require one (issue 25) */
      /** a reunification release names no reason (issue 27 §3: it is recorded as 'Reunification') */
      body: Omit<TPickupRequest, 'photoFileId' | 'reasonId'> & { photoFileId: string | null; reasonId: number | null },
      key: string,
      path: PickupPath = 'desk',
      /** the kiosk's evidence (date of birth or code), established by the kiosk service; the desk's comes from the body */
      kioskEvidence?: ReleaseEvidence,
    ) {
      // the kiosk's student modal (issue 14) drives this with 'kiosk.use'; the rule is the same
      requirePermissionVia(ctx.actor, 'students.release', viaOf(path));
      return idempotency.run(ctx.actor.userId, key, 'students.pickup', { studentId, body, path }, async () => {
        const building = await loadBuilding(ctx, body.buildingId);
        const student = await loadStudent(ctx, studentId, building.clientId);
        const { person, rules } = await loadPerson(studentId, body.guardianId);
        // issue 22: no release without a verification of the adult (the desk's ID step)
        if (path !== 'kiosk' && !body.verification)
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
            const input = path !== 'kiosk' ? INPUT_PROBLEMS[verdict.verification] : undefined;
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
        // the desk always takes the adult's photo (spec 002 §2 photo-and-reason dialog); the kiosk
        // only where the building requires it (requireKioskStudentPhotoCheckOut; issue 25, audit 002 K13)
        // a reunification station too (issue 27 §3: "the release is recorded with a photo of the adult")
        const photoNeeded = path !== 'kiosk' || building.requireKioskStudentPhotoCheckOut || body.photoFileId !== null;
        const photo = photoNeeded && body.photoFileId ? await files.findMeta(ctx, body.photoFileId) : null;
        if (photoNeeded && (photo?.kind !== 'pickup-photo' || photo.clientId !== student.clientId))
          throw badRequest(PICKUP_MESSAGES.photoRequired, { photoFileId: [PICKUP_MESSAGES.photoRequired] });
        const reason =
          path === 'reunification'
            ? { id: null, name: 'Reunification' }
            : body.reasonId === null
              ? null
              : await repo.reason(student.clientId, body.reasonId, 'pickup');
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
            photoFileId: photo?.id ?? null,
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
          // issue 28 §5 (ADR 0051): the district's webhooks, in the pickup's transaction
          await publishWebhook(tx, {
            type: 'pickup.recorded',
            clientId: student.clientId,
            data: {
              pickupId: eventId,
              studentId: student.id,
              buildingId: building.id,
              path,
              verification: verdict.verification,
            },
            names: {
              studentFirstName: student.firstname,
              studentLastName: student.lastname,
              adultName: fullName(person),
              buildingName: building.name,
            },
            occurredAt: now,
          });
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
  };
}
