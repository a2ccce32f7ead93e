import { can, type TStudentReasonKind } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientsRepository } from '../clients';
import { resolveClientId } from '../settings';
import type { StudentReasonFilter, StudentReasonsRepository } from './student-reasons.repository';

interface ReasonBody {
  clientId?: number;
  kind: TStudentReasonKind;
  name: string;
  nameEs: string;
  isExcused: boolean;
  active: boolean;
  sortOrder: number;
}

/**
 * Student pickup and drop-off reasons (spec 002 §3; /settings/studentreasons). Administrators of
 * the client manage them; the desk and kiosk read the active ones of their own client.
 */
export function createStudentReasonsService(
  deps: AppDeps,
  { repo, clients }: { repo: StudentReasonsRepository; clients: ClientsRepository },
) {
  const audit = (ctx: RequestCtx, action: string, r: { id: number; clientId: number; kind: string; active: boolean }) =>
    deps.audit.record(ctx, {
      action,
      targetType: 'studentReason',
      targetId: r.id,
      clientId: r.clientId,
      details: { kind: r.kind, active: r.active },
    });

  return {
    async list(ctx: RequestCtx, q: Omit<StudentReasonFilter, 'clientId'> & { clientId?: number }) {
      requirePermission(ctx.actor, 'studentReasons.read');
      const clientId = resolveClientId(ctx.actor, q.clientId);
      // the desk and kiosk only ever offer active reasons
      const activeOnly = q.activeOnly || !can(ctx.actor, 'studentReasons.manage');
      return repo.list(ctx.actor, { ...q, clientId, activeOnly });
    },

    async create(ctx: RequestCtx, body: ReasonBody) {
      requirePermission(ctx.actor, 'studentReasons.manage');
      const clientId = resolveClientId(ctx.actor, body.clientId);
      if (!(await clients.findById(ctx.actor, clientId))) throw notFound('Client not found');
      const row = await repo.create({
        clientId,
        kind: body.kind,
        name: body.name,
        nameEs: body.nameEs,
        isExcused: body.kind === 'dropoff' && body.isExcused,
        active: body.active,
        sortOrder: body.sortOrder,
      });
      await audit(ctx, 'studentReason.create', row);
      return row;
    },

    /** The kind of a reason is fixed once created; isExcused applies to drop-off reasons only. */
    async update(ctx: RequestCtx, id: number, body: ReasonBody & { version: number }) {
      requirePermission(ctx.actor, 'studentReasons.manage');
      const existing = await repo.findById(ctx.actor, id);
      if (!existing) throw notFound('Reason not found');
      refuseStale(existing, body.version);
      const row = await repo.update(
        ctx.actor,
        id,
        {
          name: body.name,
          nameEs: body.nameEs,
          isExcused: existing.kind === 'dropoff' && body.isExcused,
          active: body.active,
          sortOrder: body.sortOrder,
        },
        deps.now(),
        body.version,
      );
      mustHaveSaved(row);
      await audit(ctx, 'studentReason.update', row);
      return row;
    },
  };
}
export type StudentReasonsService = ReturnType<typeof createStudentReasonsService>;
