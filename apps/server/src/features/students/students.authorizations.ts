import { type TAuthorizationCreate, type TAuthorizationsResponse, ZAuthorizationCreate } from '@sv/contracts';
import { localDateOf, pickupPermission } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { FALLBACK_ZONE, fullName, rulesOf, type StudentsCore } from './students.core';

/** A district's pickup authorisations and court orders (issue 12). */
export function authorizationsUseCases(core: StudentsCore) {
  const { deps, repo, loadStudent, studentRow } = core;
  return {
    async authorizations(ctx: RequestCtx, studentId: number): Promise<TAuthorizationsResponse> {
      requirePermission(ctx.actor, 'pickupAuthorizations.manage');
      const student = await loadStudent(ctx, studentId);
      const today = localDateOf(deps.now(), student.timeZone ?? FALLBACK_ZONE);
      const [people, rules] = await Promise.all([repo.people(studentId), repo.rules(studentId)]);
      // custody and pickup authorisations: a sensitive read (ADR 0044)
      deps.audit.read(ctx, {
        action: 'pickupAuthorization.read',
        targetType: 'student',
        targetId: studentId,
        clientId: student.clientId,
        buildingId: student.buildingId,
      });
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
            version: r.version,
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
    async revokeAuthorization(ctx: RequestCtx, studentId: number, ruleId: number, version: number) {
      requirePermission(ctx.actor, 'pickupAuthorizations.manage');
      const student = await loadStudent(ctx, studentId);
      const rule = await repo.findRule(student.id, ruleId);
      if (!rule) throw notFound('Authorisation not found');
      // issue 23 §4: ended (or changed) by someone else since the screen loaded it
      refuseStale(rule, version);
      mustHaveSaved(await repo.revokeRule(student.id, ruleId, ctx.actor.userId, deps.now(), version));
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
  };
}
