import {
  KIOSK_MESSAGES,
  type TKioskPickupCodeRequest,
  type TKioskStudentPickupRequest,
  type TKioskStudentPickupResponse,
} from '@sv/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { canonicalName, maskedContact, ONE_TIME_CODE, oneTimeCodeCheck } from '@sv/domain';
import { AppError, notFound } from '../../platform/http/app-error';
import type { PickupDiversion } from '../students';
import type { RequestCtx } from '../../platform/http/request-context';
import { MAX_CODES_PER_WINDOW, type KioskCore } from './kiosk.core';

/** Student pickup at the kiosk, by guardian or by release code (issue 12, issue 22). */
export function pickupUseCases(core: KioskCore) {
  const {
    deps,
    studentsService,
    studentsRepo,
    idempotency,
    requireStudent,
    kioskBuilding,
    requireNoEmergency,
    codeHash,
    sameHash,
    release,
  } = core;
  return {
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
      await requireNoEmergency(b); // issue 27 §1: no sign-in, drop-off or pickup during a state
      // issue 25 (audit 002 K13): the building's requireKioskStudentPhotoCheckOut decides, as
      // requireKioskStudentPhotoCheckIn does for a drop-off
      if (b.requireKioskStudentPhotoCheckOut && !body.photoFileId)
        throw new AppError('VALIDATION_FAILED', KIOSK_MESSAGES.pickupPhotoRequired, {
          photoFileId: ['Take a photo'],
        });
      const photoFileId = body.photoFileId ?? null;
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
            photoFileId,
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
            { reasonId: body.reasonId, photoFileId },
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
          photoFileId,
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
      await requireNoEmergency(b); // issue 27 §1: no sign-in, drop-off or pickup during a state
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
  };
}
