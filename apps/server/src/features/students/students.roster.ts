import { MESSAGES, type TGuardianListResponse, type TStudentSearchRequest, type TSyncStatus } from '@sv/contracts';
import { localDateOf, pickupAuthorization, pickupPermission } from '@sv/domain';
import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { resolveClientId } from '../settings';
import { syncRoster } from './roster-sync';
import { REFUSAL_MESSAGE, fullName, rulesOf, type StudentsCore } from './students.core';

/** Students and their guardians at the desk, and the roster sync (issue 12; spec 002 §7 Students). */
export function rosterUseCases(core: StudentsCore) {
  const { deps, repo, rosterSync, loadBuilding, loadStudent, studentRow, refreshFromSis } = core;
  return {
    /**
     * The kiosk's STUDENT PICKUP in Skyward mode (issue 25; spec 002 §7 ValidateStudent isSkyward):
     * the student's guardians read from the SIS now, before the adult is matched.
     */
    async refreshGuardiansFromSis(ctx: RequestCtx, studentId: number, via: Via) {
      requirePermissionVia(ctx.actor, 'students.release', via);
      const student = await loadStudent(ctx, studentId);
      await refreshFromSis(student.clientId, student.sourcedId);
    },

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
      // who may collect this student, with the court orders' verdicts: a sensitive read (ADR 0044)
      deps.audit.read(ctx, {
        action: 'student.guardians.read',
        targetType: 'student',
        targetId: studentId,
        clientId: student.clientId,
        buildingId: building.id,
        details: { mode: q.mode },
      });
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
    async syncNow(ctx: RequestCtx, requested: number | undefined) {
      requirePermission(ctx.actor, 'students.sync');
      const clientId = resolveClientId(ctx.actor, requested);
      if (!(await repo.clientExists(ctx.actor, clientId))) throw notFound('Client not found');
      const result = await syncRoster(deps, rosterSync, clientId);
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
