import { type ZRegistrationMakePending } from '@sv/contracts';
import { addDays, approveAllDefaultExpiry, DEFAULT_EXCLUSION_DOB, formatUsDate } from '@sv/domain';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import type { RequestCtx } from '../../platform/http/request-context';
import { cleanName } from '../exclusions';
import { publishWebhook } from '../webhooks/index';
import { buildRegistrationBadgesPdf } from './registrations.badge';
import { actionsFor } from './registrations.rules';
import { ApproveInput, DenyInput, EngineCore } from './registrations.engine-core';
import { DENY_EXCLUSION_REASON, DENY_EXCLUSION_TYPE, REGISTRATION_MESSAGES } from './registrations.rules';

/** Decisions on a registration (spec 001 §2 actions, §4 states, §9 defaults): approve, deny, make pending, e-mail warnings, the expiration e-mail. */
export function decisionsUseCases<D extends { clientId: number }, L>(core: EngineCore<D, L>) {
  const {
    deps,
    cfg,
    repo,
    exclusionsRepo,
    renewals,
    vendor,
    fileStore,
    P,
    act,
    what,
    today,
    mustFind,
    details,
    singleApprovalDefault,
    mustLock,
    requireOffered,
    ensureVisitor,
    badgeContents,
    sendApprovalEmail,
  } = core;
  /**
   * ADR 0038 (issue 25): the approved renewal takes the place of the registration it renews — one
   * live registration per person and type (ADR 0035). The original's expiry becomes yesterday in
   * the district's day, so from now on its badge is refused as expired at the desk and the kiosk
   * and the renewal's badge is the person's. An original already expired, denied or pending is
   * left as it is.
   */
  async function supersede(ctx: RequestCtx, renewalId: number, originalId: number, day: string, tx: Db) {
    const original = await repo.lockById(ctx.actor, originalId, tx);
    const yesterday = addDays(day, -1);
    if (original?.approved !== true) return;
    if (original.expDate !== null && original.expDate <= yesterday) return;
    await repo.update(ctx.actor, original.id, { expDate: yesterday }, tx);
    await deps.audit.record(
      ctx,
      {
        action: act('renewal.supersede'),
        targetType: 'registration',
        targetId: original.id,
        clientId: original.clientId,
        details: { renewalId, expDate: { from: original.expDate, to: yesterday } },
      },
      tx,
    );
  }

  return {
    /** The Approve modal's pre-filled expiration date (§9). */
    async approvalDefault(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      const row = await mustFind(ctx, id);
      const day = today();
      return {
        expDate: await singleApprovalDefault(ctx, row, day, false),
        approveAllExpDate: approveAllDefaultExpiry(day),
        today: day,
      };
    },
    /**
     * Approve one or many (§7 Approve; §4 "Bulk approve sends only registrations whose approved
     * is null"; §9 default expiry). Out-of-scope ids are skipped (a single one answers 404).
     */
    async approve(ctx: RequestCtx, input: ApproveInput) {
      requirePermission(ctx.actor, P.manage);
      const ids = [...new Set(input.ids)];
      const single = ids.length === 1;
      const day = today();
      if (input.expDate !== null && input.expDate < day) {
        throw badRequest(REGISTRATION_MESSAGES.expDatePast, { expDate: [REGISTRATION_MESSAGES.expDatePast] });
      }
      const approvedIds: number[] = [];
      await deps.db.transaction(async (tx) => {
        for (const id of ids) {
          const row = await repo.lockById(ctx.actor, id, tx);
          if (!row) {
            if (single) throw notFound(REGISTRATION_MESSAGES.notFound);
            continue;
          }
          let expDate: string | null;
          if (single) {
            requireOffered(ctx, row, 'approve');
            expDate = input.expDate ?? (await singleApprovalDefault(ctx, row, day, input.underReview, tx));
            if (expDate === null && !input.underReview) {
              throw badRequest(REGISTRATION_MESSAGES.expDateRequired, {
                expDate: [REGISTRATION_MESSAGES.expDateRequired],
              });
            }
          } else {
            if (row.approved !== null) continue; // bulk: pending ones only (§4)
            expDate = input.expDate ?? (input.underReview ? null : approveAllDefaultExpiry(day));
          }
          // §4: under review hides the expiration date; none is stored while under review
          if (input.underReview) expDate = null;
          const visitorId = await ensureVisitor(row, tx);
          await repo.update(
            ctx.actor,
            row.id,
            {
              approved: true,
              underReview: input.underReview,
              expDate,
              visitorId,
              decidedBy: ctx.actor.userId,
              decidedAt: deps.now(),
              expirationEmailSentAt: null,
            },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: act('approve'),
              targetType: 'registration',
              targetId: row.id,
              clientId: row.clientId,
              details: { expDate, underReview: input.underReview, bulk: !single },
            },
            tx,
          );
          if (row.renewalOfId !== null) await supersede(ctx, row.id, row.renewalOfId, day, tx);
          // issue 28 §5 (ADR 0051): the district's webhooks, in the approval's transaction
          await publishWebhook(tx as unknown as Db, {
            type: 'registration.approved',
            clientId: row.clientId,
            data: { registrationId: row.id, kind: cfg.kind },
            names: { firstName: row.firstname, lastName: row.lastname },
          });
          approvedIds.push(row.id);
        }
      });
      let emailed = 0;
      if (input.doPrintOrEmail && approvedIds.length > 0) {
        const rows = await repo.findListRows(ctx.actor, approvedIds);
        const day = today();
        for (const r of rows) {
          if (!r.email) continue;
          const client = await repo.clientExists(ctx.actor, r.clientId);
          let badgeFileId: string | null = null;
          if (actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print')) {
            const pdf = await buildRegistrationBadgesPdf(await badgeContents(ctx, [r]));
            badgeFileId = await fileStore.saveDocument(ctx, r.clientId, 'registration-badge', 'application/pdf', pdf);
          }
          await sendApprovalEmail(r, client?.name ?? '', badgeFileId);
          emailed++;
        }
      }
      const done = new Set(approvedIds);
      return { approvedIds, skippedIds: ids.filter((id) => !done.has(id)), emailed };
    },
    /** Deny; with exclude, the exclusion is added in the same transaction (§2 Deny/Exclude). */
    async deny(ctx: RequestCtx, id: number, input: DenyInput) {
      requirePermission(ctx.actor, P.manage);
      if (input.exclude) requirePermission(ctx.actor, 'exclusions.manage');
      let exclusionId: number | null = null;
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, input.exclude ? 'denyAndExclude' : 'deny');
        await repo.update(
          ctx.actor,
          id,
          { approved: false, underReview: input.underReview, decidedBy: ctx.actor.userId, decidedAt: deps.now() },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: act('deny'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { exclude: input.exclude, underReview: input.underReview },
          },
          tx,
        );
        if (input.exclude) {
          // client-wide (every building of the district), linked to the visitor record if there is one
          exclusionId = await exclusionsRepo.insert(
            {
              clientId: row.clientId,
              buildingId: null,
              isGlobal: true,
              active: true,
              visitorId: row.visitorId,
              firstname: cleanName(row.firstname),
              lastname: cleanName(row.lastname),
              dob: row.dob ?? DEFAULT_EXCLUSION_DOB,
              exclusionType: DENY_EXCLUSION_TYPE,
              reason: input.reason || DENY_EXCLUSION_REASON,
              photoFileId: null,
              created: deps.now(),
              createdBy: ctx.actor.userId,
            },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: 'exclusion.create',
              targetType: 'exclusion',
              targetId: exclusionId,
              clientId: row.clientId,
              details: { isGlobal: true, active: true, exclusionType: DENY_EXCLUSION_TYPE, fromRegistration: id },
            },
            tx,
          );
        }
      });
      return { registration: await details(ctx, id), exclusionId };
    },
    async makePending(ctx: RequestCtx, id: number, input: z.output<typeof ZRegistrationMakePending>) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'makePending');
        await repo.update(
          ctx.actor,
          id,
          { approved: null, underReview: input.underReview, decidedBy: ctx.actor.userId, decidedAt: deps.now() },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: act('makePending'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { underReview: input.underReview },
          },
          tx,
        );
      });
      return details(ctx, id);
    },
    async cancelEmailWarnings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'cancelEmailWarnings');
        await repo.update(ctx.actor, id, { emailWarnings: false }, tx);
        await repo.cancelInvitationWarnings(id, deps.now(), tx);
        await deps.audit.record(
          ctx,
          {
            action: act('cancelEmailWarnings'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
          },
          tx,
        );
      });
      return details(ctx, id);
    },
    async sendExpirationEmail(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      const row = await mustFind(ctx, id);
      requireOffered(ctx, row, 'sendExpirationEmail');
      if (!row.email) throw badRequest(REGISTRATION_MESSAGES.noEmail);
      // the office's renewal action (issue 25, audit 001 B4; ADR 0038): a registration that can be
      // renewed gets its personal renewal link, which says when it expires; otherwise the spec's
      // plain expiration e-mail below
      if (await renewals.inviteNow(ctx, id)) {
        await repo.update(ctx.actor, id, { expirationEmailSentAt: deps.now() });
        await deps.audit.record(ctx, {
          action: act('expirationEmail'),
          targetType: 'registration',
          targetId: id,
          clientId: row.clientId,
          details: { renewalInvitation: true },
        });
        return details(ctx, id);
      }
      const list = await repo.findListRow(ctx.actor, id);
      const client = await repo.clientExists(ctx.actor, row.clientId);
      const expires = formatUsDate(row.expDate ?? '') ?? '';
      const past = row.expDate !== null && row.expDate < today();
      await deps.messenger.send([
        {
          clientId: row.clientId,
          channel: 'email',
          recipient: row.email,
          subject: `Your ${what({ registrationType: list?.registrationType ?? '' })} ${past ? 'has expired' : 'expires soon'}`,
          body: [
            `Hello ${row.firstname},`,
            '',
            `Your ${what({ registrationType: list?.registrationType ?? '' })} with ${client?.name ?? 'the district'} ${past ? 'expired' : 'expires'} on ${expires}.`,
            vendor
              ? 'To keep working at our schools, please contact the district office to renew it.'
              : 'To keep volunteering, please contact the district office to renew it.',
          ].join('\n'),
          kind: 'registration.expiration',
        },
      ]);
      await repo.update(ctx.actor, id, { expirationEmailSentAt: deps.now() });
      await deps.audit.record(ctx, {
        action: act('expirationEmail'),
        targetType: 'registration',
        targetId: id,
        clientId: row.clientId,
      });
      return details(ctx, id);
    },
  };
}
