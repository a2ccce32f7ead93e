import {
  ROLE,
  type THostRow,
  type ZHostCreate,
  type ZHostListQuery,
  type ZHostSyncRequest,
  type ZHostWebhooksRequest,
} from '@sv/contracts';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ChatWebhookClient, chatWebhookUrlProblem } from '../../integrations/chat-webhook/chat-webhook';
import { deliverHostNotifications, webhookContext } from './hosts.notify';
import type { HostsRepository } from './hosts.repository';

type Row = NonNullable<Awaited<ReturnType<HostsRepository['get']>>>;
const toRow = (r: Row): THostRow => ({
  ...r,
  channel: r.channel as THostRow['channel'],
  source: r.source as THostRow['source'],
});

/** Hosts (issue 28 §1, ADR 0053): the people who receive visitors, and how each is told of an arrival. */
export function createHostsService(
  deps: AppDeps,
  {
    repo,
    chat,
    allowLoopbackWebhooks = false,
  }: { repo: HostsRepository; chat: ChatWebhookClient; allowLoopbackWebhooks?: boolean },
) {
  /** The district a request names (admins must name one; others act on their own). */
  function districtOf(ctx: RequestCtx, clientId: number | null) {
    if (ctx.actor.roleId === ROLE.Admin) {
      if (clientId === null) throw badRequest('Choose the district.', { clientId: ['Choose a district'] });
      return clientId;
    }
    if (!ctx.actor.clientId) throw notFound('Client not found');
    if (clientId !== null && clientId !== ctx.actor.clientId) throw notFound('Client not found');
    return ctx.actor.clientId;
  }

  return {
    /** The list and the "Person visiting" autocomplete (the words in the body, issue 25). */
    async list(ctx: RequestCtx, query: z.output<typeof ZHostListQuery>) {
      requirePermission(ctx.actor, 'hosts.read');
      if (query.buildingId !== undefined && !(await repo.buildingOf(ctx.actor, query.buildingId)))
        throw notFound('Building not found');
      const page = await repo.list(ctx.actor, query);
      return { ...page, data: page.data.map(toRow) };
    },

    async create(ctx: RequestCtx, body: z.output<typeof ZHostCreate>) {
      requirePermission(ctx.actor, 'hosts.manage');
      let clientId = body.clientId;
      if (body.buildingId !== null) {
        const building = await repo.buildingOf(ctx.actor, body.buildingId);
        if (!building) throw notFound('Building not found');
        if (clientId !== null && clientId !== building.clientId)
          throw badRequest('Choose a building of the same district.', {
            buildingId: ['Choose a building of this district'],
          });
        clientId = building.clientId;
      }
      clientId = districtOf(ctx, clientId);
      const id = await repo.insert({
        clientId,
        buildingId: body.buildingId,
        name: body.name,
        email: body.email,
        mobile: body.mobile,
        channel: body.channel,
        source: 'manual',
        active: true,
      });
      await deps.audit.record(ctx, {
        action: 'host.create',
        targetType: 'host',
        targetId: id,
        clientId,
        buildingId: body.buildingId,
        details: { name: body.name, channel: body.channel },
      });
      return toRow((await repo.get(ctx.actor, id))!);
    },

    /** The district's administrators and attendants become hosts (issue 28 §1: "the district's users"). */
    async syncUsers(ctx: RequestCtx, body: z.output<typeof ZHostSyncRequest>) {
      requirePermission(ctx.actor, 'hosts.manage');
      const clientId = districtOf(ctx, body.clientId);
      const result = await repo.syncUsers(clientId);
      await deps.audit.record(ctx, {
        action: 'host.sync_users',
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: result,
      });
      return result;
    },

    /** The district's Teams / Slack incoming-webhook URLs: sealed at rest, never sent back. */
    async setWebhooks(ctx: RequestCtx, body: z.output<typeof ZHostWebhooksRequest>) {
      requirePermission(ctx.actor, 'hosts.manage');
      const clientId = districtOf(ctx, body.clientId);
      const box = createSecretBox(deps.config.APP_SECRET);
      for (const kind of ['teams', 'slack'] as const) {
        const url = kind === 'teams' ? body.teamsUrl : body.slackUrl;
        if (url === undefined) continue;
        if (url !== '') {
          const problem = chatWebhookUrlProblem(kind, url, allowLoopbackWebhooks);
          if (problem) throw badRequest(problem, { [`${kind}Url`]: [problem] });
        }
        await repo.setWebhook(clientId, kind, url === '' ? null : box.seal(url, webhookContext(clientId, kind)));
      }
      await deps.audit.record(ctx, {
        action: 'host.webhooks',
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: {
          teams: body.teamsUrl === undefined ? 'kept' : body.teamsUrl ? 'set' : 'removed',
          slack: body.slackUrl === undefined ? 'kept' : body.slackUrl ? 'set' : 'removed',
        },
      });
      const set = new Set((await repo.webhooksOf(clientId)).map((w) => w.kind));
      return { teams: set.has('teams'), slack: set.has('slack') };
    },

    /** The scheduled job's work (hosts.notify) and a check-in path's nudge: delivers what is due. */
    deliverNotifications(only?: number[]) {
      return deliverHostNotifications(deps, repo, chat, only);
    },
  };
}
export type HostsService = ReturnType<typeof createHostsService>;
