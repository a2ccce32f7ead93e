import type { TFileFormat, TImportResult, ZInvitationSend } from '@sv/contracts';
import { localDateOf } from '@sv/domain';
import type { z } from 'zod';
import { newToken, sha256 } from '../../platform/auth/tokens';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { buildSampleFile, type ImportInput, runImport } from '../../platform/imports/import-pipeline';
import type { ImportsRepository } from '../imports';
import { createInvitationImport } from './invitations.import';
import { langOf } from './invitations.messages';
import type { InvitationsRepository, InvitationType } from './invitations.repository';
import {
  dedupeKeyOf,
  INVITATION_OPEN,
  invitationLink,
  invitationMessages,
  inviteeProblems,
  TYPE_INACTIVE,
} from './invitee';

/**
 * Invitations to register (spec 001 §2 "Send registration", §3 Registration invite, §5; issue 11):
 * one person from the form, or many from a file through the one import pipeline. Each invitation
 * stores only the SHA-256 of its link token and is sent through the messenger.
 */
export function createInvitationsService(
  deps: AppDeps,
  { repo, imports }: { repo: InvitationsRepository; imports: ImportsRepository },
) {
  /** The type in scope (404 otherwise) and active (400 otherwise). */
  async function activeType(ctx: RequestCtx, typeId: number): Promise<InvitationType> {
    const type = await repo.findType(ctx.actor, typeId);
    if (!type) throw notFound('Registration type not found');
    if (!type.isActive) throw badRequest(TYPE_INACTIVE, { registrationTypeId: [TYPE_INACTIVE] });
    return type;
  }

  return {
    /** The bulk import's definition, registered with the pipeline by the routes (kind 'invitations'). */
    importDefinition: () => createInvitationImport(deps, repo),

    async send(ctx: RequestCtx, typeId: number, body: z.output<typeof ZInvitationSend>) {
      requirePermission(ctx.actor, 'registrations.invite');
      const type = await activeType(ctx, typeId);
      const now = deps.now();
      const today = localDateOf(now, await repo.districtTimeZone(type.clientId));
      const problems = inviteeProblems(
        { phone: body.phoneNumber, requestedExpDate: body.requestedExpirationDate },
        today,
      );
      if (Object.keys(problems).length > 0) {
        throw badRequest(Object.values(problems)[0][0], problems);
      }
      const dedupeKey = dedupeKeyOf(body.email, body.phoneNumber);
      const token = newToken();
      const channels = body.email ? (['email'] as const) : (['sms'] as const);
      const { id, messageIds } = await deps.db.transaction(async (tx) => {
        const inserted = await repo.insert(
          [
            {
              clientId: type.clientId,
              registrationTypeId: type.id,
              firstname: body.firstname,
              lastname: body.lastname,
              email: body.email,
              phone: body.phoneNumber,
              requestedExpDate: body.requestedExpirationDate,
              tokenHash: sha256(token),
              dedupeKey,
              sentAt: now,
              createdBy: ctx.actor.userId,
            },
          ],
          tx,
        );
        const newId = inserted.get(dedupeKey);
        // the partial unique index: this person has an open invitation of the type (§2 no duplicate)
        if (newId === undefined) throw conflict(INVITATION_OPEN);
        const ids = await deps.messenger.enqueue(
          invitationMessages(
            langOf(type.language),
            { clientId: type.clientId, email: body.email, phone: body.phoneNumber },
            {
              firstname: body.firstname,
              typeName: type.name,
              clientName: type.clientName,
              link: invitationLink(deps.config.PUBLIC_URL, type.clientId, type.code, token),
              expDate: body.requestedExpirationDate,
            },
            null,
          ),
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: 'registration.invitation.send',
            targetType: 'registration_invitation',
            targetId: newId,
            clientId: type.clientId,
            details: { registrationTypeId: type.id, channels },
          },
          tx,
        );
        return { id: newId, messageIds: ids };
      });
      // delivered after the commit: a failed delivery stays queued for the retry job
      await deps.messenger.deliver(messageIds).catch(() => undefined);
      return { id, channels: [...channels] };
    },

    /** Permission and type checked before the upload body is read (like /api/imports/:kind). */
    async authorizeImport(ctx: RequestCtx, typeId: number) {
      requirePermission(ctx.actor, 'registrations.invite');
      await activeType(ctx, typeId);
    },

    /**
     * Bulk invitations from a file through the one import pipeline: rows validated like the
     * individual form, rejected rows in the error file with a Reason, a rejected row sends
     * nothing, a person with an open invitation is a duplicate (a re-upload sends nothing).
     */
    async importFile(ctx: RequestCtx, typeId: number, input: ImportInput): Promise<TImportResult> {
      requirePermission(ctx.actor, 'registrations.invite');
      await activeType(ctx, typeId);
      const queued: number[] = [];
      const def = createInvitationImport(deps, repo, (ids) => queued.push(...ids));
      // the type comes from the path; no form field of the upload is used
      const options: Record<string, string> = { registrationTypeId: String(typeId) };
      const result = await runImport(deps, ctx, def, { ...input, options }, imports.store);
      await deps.messenger.deliver(queued).catch(() => undefined);
      if (result.results) {
        const n = result.results.imported;
        result.results.messages[0] = `${n.toLocaleString('en-US')} ${n === 1 ? 'invitation' : 'invitations'} sent.`;
      }
      return result;
    },

    async sample(ctx: RequestCtx, format: TFileFormat) {
      requirePermission(ctx.actor, 'registrations.invite');
      return buildSampleFile(createInvitationImport(deps, repo), format);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
