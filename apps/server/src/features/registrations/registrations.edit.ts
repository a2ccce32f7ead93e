import { ROLE, STALE_EDIT_MESSAGE, VERSION_REQUIRED_MESSAGE } from '@sv/contracts';
import { defaultApprovalExpiry, isDobAcceptable } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { cleanName } from '../exclusions';
import { newRegistrationBadgeCode } from './registrations.rules';
import { SaveInput, SvSaveInput, EngineCore } from './registrations.engine-core';
import { REGISTRATION_MESSAGES } from './registrations.rules';

/** Editing a registration: save (add or edit) and its photo (spec 001 §2). */
export function editUseCases<D extends { clientId: number }, L>(core: EngineCore<D, L>) {
  const {
    deps,
    repo,
    fileStore,
    P,
    act,
    today,
    mustFind,
    details,
    mustLock,
    requireOffered,
    ensureVisitor,
    refuseDuplicate,
    resolveOwner,
    checkPhoto,
  } = core;
  return {
    /**
     * Add (id null) or edit (spec 001 §2 Add/edit, §4 defaults, §5 date of birth). A volunteer
     * belongs to a registration type, a SafeVendor registration to a vendor company (ADR 0014).
     */
    async save(ctx: RequestCtx, id: number | null, input: SaveInput | SvSaveInput) {
      requirePermission(ctx.actor, P.manage);
      const day = today();
      const savedId = await deps.db.transaction(async (tx) => {
        const before = id === null ? null : await mustLock(ctx, id, tx);
        // issue 23 §4: an edit names the version it started from; the row is locked, so the check
        // holds until the commit (an approval made meanwhile is never erased by an older form)
        if (before) {
          if (input.version === undefined)
            throw badRequest(VERSION_REQUIRED_MESSAGE, { version: [VERSION_REQUIRED_MESSAGE] });
          if (input.version !== before.version) throw conflict(STALE_EDIT_MESSAGE);
        }
        const owner = await resolveOwner(ctx, input, before, tx);
        if (!isDobAcceptable(input.dob, day)) {
          throw badRequest(REGISTRATION_MESSAGES.dobFuture, { dob: [REGISTRATION_MESSAGES.dobFuture] });
        }
        const clientId = owner.clientId;
        await refuseDuplicate(
          {
            clientId,
            ...owner.columns,
            firstname: input.firstname,
            lastname: input.lastname,
            dob: input.dob,
            exceptId: before?.id ?? null,
            renewalOfId: before?.renewalOfId ?? null,
          },
          day,
          tx,
        );
        const photoFileId =
          before && input.photoFileId === before.photoFileId
            ? before.photoFileId
            : await checkPhoto(ctx, input.photoFileId, clientId, tx);
        const values = {
          ...owner.columns,
          firstname: cleanName(input.firstname),
          middlename: cleanName(input.middlename),
          lastname: cleanName(input.lastname),
          email: input.email,
          phone: input.phone,
          dob: input.dob,
          street1: input.street1,
          street2: input.street2,
          city: input.city,
          state: input.state.toUpperCase(),
          zipcode: input.zipcode,
          note: input.note,
          expDate: input.expDate,
          photoFileId,
          // the vendor form has no questions: a vendor keeps the answers of its public form
          ...('answers' in input ? { answers: input.answers } : {}),
        };
        if (before) {
          // The decision (approved / denied / pending) changes only through the actions, which
          // apply the offering rules; the form edits the person and the expiry.
          // a new expiry date earns a new expiry warning (the warning sweep sends one per date)
          await repo.update(
            ctx.actor,
            before.id,
            before.expDate === input.expDate ? values : { ...values, expirationEmailSentAt: null },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: act('update'),
              targetType: 'registration',
              targetId: before.id,
              clientId,
              details: {
                registrationTypeId: { from: before.registrationTypeId, to: owner.columns.registrationTypeId },
                vendorCompanyId: { from: before.vendorCompanyId, to: owner.columns.vendorCompanyId },
                expDate: { from: before.expDate, to: input.expDate },
                photoChanged: before.photoFileId !== photoFileId,
              },
            },
            tx,
          );
          return before.id;
        }
        // §4: a new registration is approved by default (the form may leave it pending); an
        // approved one without a date gets the §9 single-approval default of its type. A new
        // SafeVendor registration is pending: it is approved through Approve (ADR 0014).
        const approved = 'approved' in input ? input.approved : null;
        const expDate =
          input.expDate ?? (approved === true && owner.expiry ? defaultApprovalExpiry(owner.expiry, day, false) : null);
        const newId = await repo.insert(
          {
            ...values,
            expDate,
            clientId,
            approved,
            source: 'admin',
            badgeCode: newRegistrationBadgeCode(),
            decidedBy: approved === null ? null : ctx.actor.userId,
            decidedAt: approved === null ? null : deps.now(),
          },
          tx,
        );
        if (approved === true) {
          const stored = await mustFind(ctx, newId, tx);
          await repo.update(ctx.actor, newId, { visitorId: await ensureVisitor(stored, tx) }, tx);
        }
        await deps.audit.record(
          ctx,
          {
            action: act('create'),
            targetType: 'registration',
            targetId: newId,
            clientId,
            details: { ...owner.columns, approved, expDate },
          },
          tx,
        );
        return newId;
      });
      return details(ctx, savedId);
    },
    /** Stores a photo for a registration form or the Upload Photo action; attached by id afterwards. */
    async uploadPhoto(ctx: RequestCtx, read: () => Promise<{ buffer: Buffer; clientId: number | null }>) {
      requirePermission(ctx.actor, P.manage);
      const { buffer, clientId: requested } = await read();
      let clientId = requested;
      if (ctx.actor.roleId !== ROLE.Admin) {
        if (clientId !== null && clientId !== ctx.actor.clientId) throw notFound('Client not found');
        clientId = ctx.actor.clientId;
      }
      if (clientId === null) throw badRequest('Choose a district.', { clientId: ['Choose a district.'] });
      if (!(await repo.clientExists(ctx.actor, clientId))) throw notFound('Client not found');
      const id = await fileStore.saveImage(ctx, clientId, 'registration-photo', buffer);
      await deps.audit.record(ctx, { action: act('photo.upload'), targetType: 'file', targetId: id, clientId });
      return id;
    },
    async setPhoto(ctx: RequestCtx, id: number, photoFileId: string) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'uploadPhoto');
        await checkPhoto(ctx, photoFileId, row.clientId, tx);
        await repo.update(ctx.actor, id, { photoFileId }, tx);
        await deps.audit.record(
          ctx,
          { action: act('photo.set'), targetType: 'registration', targetId: id, clientId: row.clientId },
          tx,
        );
      });
      return details(ctx, id);
    },
    async clearPhoto(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'clearPhoto');
        await repo.update(ctx.actor, id, { photoFileId: null }, tx);
        await deps.audit.record(
          ctx,
          { action: act('photo.remove'), targetType: 'registration', targetId: id, clientId: row.clientId },
          tx,
        );
      });
      return details(ctx, id);
    },
  };
}
