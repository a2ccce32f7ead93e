import {
  REGISTRATION_EXPORT_COLUMNS,
  SV_REGISTRATION_EXPORT_COLUMNS,
  type ZRegistrationBuildings,
} from '@sv/contracts';
import { registrationDisplay, safeVendorDisplayState } from '@sv/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { type ExportDefinition, keysetBatches } from '../../platform/exports/export-definition';
import { usDateCell } from '../../platform/exports/cell-format';
import { sendExport } from '../../platform/exports/export-writer';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { actionsFor, backgroundCheckCell, fullName, rulesOf, sourceOf } from './registrations.rules';
import { SearchInput, ExportInput, EngineCore } from './registrations.engine-core';
import { REGISTRATION_MESSAGES, REGISTRATION_SEARCH_HELP } from './registrations.rules';

/** Reading registrations: search, one registration, its information and buildings, the export (spec 001 §2). */
export function readUseCases<D extends { clientId: number }, L>(core: EngineCore<D, L>) {
  const { deps, cfg, repo, vendor, P, act, today, mustFind, details, mustLock, requireOffered, filterOf } = core;
  return {
    /** The manager's windows (export) check the permission before they redirect (issue 25, audit 001 B2). */
    requireManager(ctx: RequestCtx) {
      requirePermission(ctx.actor, P.manage);
    },

    async searchHelp(ctx: RequestCtx) {
      requirePermission(ctx.actor, P.read);
      return { text: REGISTRATION_SEARCH_HELP };
    },
    async types(ctx: RequestCtx) {
      requirePermission(ctx.actor, P.read);
      return { types: await repo.typesInScope(ctx.actor) };
    },
    async search(ctx: RequestCtx, q: SearchInput) {
      requirePermission(ctx.actor, P.read);
      const day = today();
      const page = await repo.search(ctx.actor, {
        ...filterOf(ctx, q),
        page: q.page,
        perPage: q.perPage,
        sort: q.sort,
        dir: q.dir,
      });
      return { ...page, data: page.data.map((r) => cfg.listItem(r, ctx.actor.roleId, day)) };
    },
    /** One registration; a sensitive read (date of birth, address), audited. */
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const out = await details(ctx, id);
      deps.audit.read(ctx, {
        action: act('read'),
        targetType: 'registration',
        targetId: id,
        clientId: out.clientId,
      });
      return out;
    },
    async buildings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const row = await mustFind(ctx, id);
      const [buildings, buildingIds] = await Promise.all([repo.clientBuildings(row.clientId), repo.buildingIdsOf(id)]);
      return { buildings, buildingIds };
    },
    async setBuildings(ctx: RequestCtx, id: number, input: z.output<typeof ZRegistrationBuildings>) {
      requirePermission(ctx.actor, P.manage);
      const wanted = [...new Set(input.buildingIds)].sort((a, b) => a - b);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'buildings');
        const own = new Set((await repo.clientBuildings(row.clientId, tx)).map((b) => b.id));
        if (wanted.some((b) => !own.has(b))) {
          throw badRequest(REGISTRATION_MESSAGES.buildingsOfClient, {
            buildingIds: [REGISTRATION_MESSAGES.buildingsOfClient],
          });
        }
        await repo.setBuildings(id, wanted, tx);
        await deps.audit.record(
          ctx,
          {
            action: act('buildings'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { buildingIds: wanted },
          },
          tx,
        );
      });
      return this.buildings(ctx, id);
    },
    /** Disclosure, authorization, signature and answers (§2 Information; SigDetails); audited read. */
    async information(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const row = await mustFind(ctx, id);
      const list = await repo.findListRow(ctx.actor, id);
      const sig = row.signature;
      await deps.audit.record(ctx, {
        action: act('information'),
        targetType: 'registration',
        targetId: id,
        clientId: row.clientId,
      });
      return {
        id: row.id,
        name: fullName(row),
        registrationType: list?.registrationType ?? '',
        submittedAt: row.createdAt.toISOString(),
        source: sourceOf(row.source),
        disclosureText: sig?.disclosureText ?? null,
        authorizationText: sig?.authorizationText ?? null,
        // null when an administrator added the registration: nobody signed anything
        signature: sig
          ? {
              kind: sig.kind,
              value: sig.value,
              signedAt: sig.signedAt,
              ip: sig.ip,
              userAgent: sig.userAgent,
              language: sig.language === 'es' ? ('es' as const) : ('en' as const),
            }
          : null,
        answers: row.answers,
      };
    },
    /** Checks access like the PDF does (the print window frames it): 404 out of scope, 409 not printable. */
    async checkPrintable(ctx: RequestCtx, ids: number[]) {
      requirePermission(ctx.actor, P.manage);
      const rows = await repo.findListRows(ctx.actor, [...new Set(ids)]);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (ids.length === 1) requireOffered(ctx, rows[0], 'print');
      // several: the window frames only the printable ones; none printable says so (issue 25, audit 001 B3)
      const day = today();
      const printable = rows.filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'));
      if (printable.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
      return printable.map((r) => r.id);
    },
    /** Export of the filtered list through the one export pipeline, with the chosen columns. */
    async exportList(ctx: RequestCtx, q: ExportInput, reply: FastifyReply) {
      requirePermission(ctx.actor, P.manage);
      const filter = filterOf(ctx, q);
      type Row = Awaited<ReturnType<typeof repo.exportBatch>>[number];
      const cell: Record<number, (r: Row) => string | number | null> = {
        1: (r) => r.registrationType,
        2: (r) => registrationDisplay(rulesOf(r, filter.today)).label,
        // issue 25: dates as mm/dd/yyyy (spec 001 §9), as the list shows them
        3: (r) => (r.underReview ? null : usDateCell(r.expDate)),
        4: (r) => r.firstname,
        5: (r) => r.lastname,
        6: (r) => r.id,
        7: (r) => r.email,
        8: (r) => usDateCell(r.dob),
        9: (r) => r.note,
        10: (r) => r.phone,
        11: (r) =>
          [r.street1, r.street2, r.city, [r.state, r.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        12: vendor
          ? (r) => (r.badgePrintedAt ? 'Yes' : 'No')
          : (r) => `${Math.floor(r.volunteerMinutes / 60)}:${String(r.volunteerMinutes % 60).padStart(2, '0')}`,
        13: (r) => backgroundCheckCell(rulesOf(r, filter.today)),
      };
      // SafeVendor (ADR 0014): the same rows, Company for the type and "Badge Printed" for the hours
      const columns = vendor ? SV_REGISTRATION_EXPORT_COLUMNS : REGISTRATION_EXPORT_COLUMNS;
      if (vendor)
        cell[2] = (r) => safeVendorDisplayState({ ...rulesOf(r, filter.today), generated: r.badgePrintedAt !== null });
      const def: ExportDefinition<Row, Record<string, string>> = {
        kind: vendor ? 'svregistrations' : 'registrations',
        permission: P.manage,
        paramsSchema: z.record(z.string(), z.string()),
        columns: columns.map((c) => ({ id: c.id, header: c.header, value: cell[c.id] })),
        rows: (rctx) =>
          keysetBatches(
            1000,
            (r: Row) => r.id,
            (after) => repo.exportBatch(rctx.actor, filter, after, 1000),
          ),
        fileName: () => `${vendor ? 'safevendor_registrations' : 'registrations'}_${filter.today}`,
      };
      const params: Record<string, string> = {};
      if (filter.clientId) params.clientId = String(filter.clientId);
      // an empty column list answers 400 MESSAGES.exportNeedsColumn (selectColumns in the writer)
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params }, reply);
    },
  };
}
