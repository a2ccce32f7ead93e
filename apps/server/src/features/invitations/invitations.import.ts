import { ZString } from '@sv/contracts';
import { localDateOf } from '@sv/domain';
import { z } from 'zod';
import { newToken, sha256 } from '../../platform/auth/tokens';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { cell, type ImportDefinition } from '../../platform/imports/import-definition';
import { langOf } from './invitations.messages';
import type { InvitationsRepository, InvitationType } from './invitations.repository';
import {
  DATE_IN_PAST,
  dedupeKeyOf,
  invitationLink,
  invitationMessages,
  PHONE_INVALID,
  phoneDigits,
  TYPE_INACTIVE,
} from './invitee';

export const INVITATIONS_IMPORT_KIND = 'invitations';

export interface InvitationRow {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  expDate: string | null;
}

/**
 * One row of the bulk file (spec 001 §2 bulk upload, §5): the individual form's rules per row.
 * First and last name required; an e-mail or a phone; an expiration date (MM/DD/YYYY or an
 * XLSX date). "Not before today" needs the district's day, so checkRow does that one.
 */
const rowSchema = z
  .object({
    // issue 22: the one person-name rule (storable, cleaned; digits, symbols and line breaks refused)
    firstname: cell.personName(80),
    lastname: cell.personName(80),
    email: cell.optionalEmail().transform((v) => v ?? ''),
    phone: cell
      .optionalText(30)
      .transform((v) => v ?? '')
      .pipe(ZString),
    expDate: cell.optionalDate(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'an e-mail or a phone is required' });
    if (v.phone && (phoneDigits(v.phone).length < 10 || phoneDigits(v.phone).length > 15)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_INVALID.toLowerCase() });
    }
    if (v.expDate === null) ctx.addIssue({ code: 'custom', path: ['expDate'], message: 'is required' });
  });

const typeIdOf = (options: Record<string, string>): number => {
  const id = /^\d{1,9}$/.test(options.registrationTypeId ?? '') ? Number(options.registrationTypeId) : 0;
  if (id < 1) throw badRequest('Choose a registration type.', { registrationTypeId: ['is required'] });
  return id;
};

/**
 * The bulk invitation import (kind 'invitations', permission registrations.invite). Rows are
 * inserted and their messages stored in the pipeline's one transaction, so a rolled-back import
 * sends nothing; `onQueued` receives the stored messages' ids to deliver after the commit (the
 * route does; through the generic /api/imports/invitations the retry job delivers them).
 */
export function createInvitationImport(
  deps: AppDeps,
  repo: InvitationsRepository,
  onQueued: (messageIds: number[]) => void = () => undefined,
): ImportDefinition<InvitationRow> {
  // resolved once per import (the pipeline runs one import of a kind at a time)
  let resolved: { key: string; type: InvitationType; today: string } | null = null;

  async function typeFor(ctx: RequestCtx, options: Record<string, string>, tx: Db) {
    const id = typeIdOf(options);
    const key = `${ctx.requestId}:${id}`;
    if (resolved?.key === key) return resolved;
    const type = await repo.findType(ctx.actor, id, tx);
    if (!type) throw notFound('Registration type not found');
    if (!type.isActive) throw badRequest(TYPE_INACTIVE, { registrationTypeId: [TYPE_INACTIVE] });
    const today = localDateOf(deps.now(), await repo.districtTimeZone(type.clientId, tx));
    resolved = { key, type, today };
    return resolved;
  }

  return {
    kind: INVITATIONS_IMPORT_KIND,
    permission: 'registrations.invite',
    columns: [
      { key: 'firstname', header: 'FirstName', required: true, example: 'Maria', help: 'Required.' },
      { key: 'lastname', header: 'LastName', required: true, example: 'Lopez', help: 'Required.' },
      {
        key: 'email',
        header: 'Email',
        example: 'maria.lopez@example.com',
        help: 'An e-mail or a phone is required; with an e-mail the invitation is e-mailed.',
      },
      {
        key: 'phone',
        header: 'Phone',
        example: '(555) 555-0142',
        help: 'With a phone and no e-mail the invitation is sent by text message (10 to 15 digits).',
      },
      {
        key: 'expDate',
        header: 'ExpirationDate',
        required: true,
        example: '12/31/2027',
        help: "Required, MM/DD/YYYY, not before today (the district's time zone).",
      },
    ],
    rowSchema,
    naturalKey: (row) => dedupeKeyOf(row.email, row.phone),
    async existingKeys(ctx, keys, tx, options) {
      const { type } = await typeFor(ctx, options, tx);
      return repo.openKeys(type.id, keys, tx);
    },
    async checkRow(ctx, row, tx, options) {
      const { today } = await typeFor(ctx, options, tx);
      return row.expDate !== null && row.expDate < today ? `ExpirationDate: ${DATE_IN_PAST.toLowerCase()}` : null;
    },
    async insertRows(ctx, rows, tx, options) {
      const { type } = await typeFor(ctx, options, tx);
      const now = deps.now();
      const tokens = new Map<string, string>();
      const values = rows.map((row) => {
        const token = newToken();
        const dedupeKey = dedupeKeyOf(row.email, row.phone);
        tokens.set(dedupeKey, token);
        return {
          clientId: type.clientId,
          registrationTypeId: type.id,
          firstname: row.firstname,
          lastname: row.lastname,
          email: row.email,
          phone: row.phone,
          requestedExpDate: row.expDate,
          tokenHash: sha256(token),
          dedupeKey,
          sentAt: now,
          createdBy: ctx.actor.userId,
        };
      });
      const inserted = await repo.insert(values, tx);
      const lang = langOf(type.language);
      const messages = values
        .filter((v) => inserted.has(v.dedupeKey))
        .flatMap((v) =>
          invitationMessages(
            lang,
            { clientId: type.clientId, email: v.email, phone: v.phone },
            {
              firstname: v.firstname,
              typeName: type.name,
              clientName: type.clientName,
              link: invitationLink(deps.config.PUBLIC_URL, type.clientId, type.code, tokens.get(v.dedupeKey) ?? ''),
              expDate: v.requestedExpDate,
            },
            null,
          ),
        );
      onQueued(await deps.messenger.enqueue(messages, tx));
    },
  };
}
