import { requirePermission } from '../../platform/auth/permission';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { buildRegistrationBadgesZpl } from './registrations.badge';
import { printerAddressFor, sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import { actionsFor } from './registrations.rules';
import { EngineCore } from './registrations.engine-core';
import { REGISTRATION_MESSAGES } from './registrations.rules';

/** Registration badges: PDF, marked printed, sent to a building printer (issue 11 "Printing"). */
export function printingUseCases<D extends { clientId: number }, L>(core: EngineCore<D, L>) {
  const { deps, cfg, repo, P, act, today, requireOffered, badgesPdf, badgeContents } = core;
  return {
    /**
     * Records approved registrations' badges as printed (spec 001 §3 SafeVendor `generated`: the
     * badge has been printed) when the print window is opened; the window's GET changes nothing.
     */
    async markPrinted(ctx: RequestCtx, ids: number[]) {
      requirePermission(ctx.actor, P.manage);
      const unique = [...new Set(ids)];
      const rows = await repo.findListRows(ctx.actor, unique);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
      const day = today();
      const printedIds = rows
        .filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'))
        .map((r) => r.id);
      if (printedIds.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
      await repo.markBadgesPrinted(printedIds, deps.now());
      await deps.audit.record(ctx, {
        action: act('badge.printed'),
        targetType: 'registration',
        targetId: printedIds.length === 1 ? printedIds[0] : null,
        clientId: rows[0].clientId,
        details: { ids: printedIds },
      });
      return { printedIds };
    },
    /**
     * Sends approved badges as ZPL to a building's network printer (issue 15 "ZPL to the building
     * printer"; spec 002 §4: an address shorter than 7 characters means none) and records them as
     * printed. The building must be in the actor's scope and of the registrations' district.
     */
    async printToBuilding(ctx: RequestCtx, ids: number[], buildingId: number) {
      requirePermission(ctx.actor, P.manage);
      const unique = [...new Set(ids)];
      const rows = await repo.findListRows(ctx.actor, unique);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
      const day = today();
      const printable = rows.filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'));
      if (printable.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
      const building = await repo.buildingForPrint(ctx.actor, buildingId);
      if (!building) throw notFound('Building not found');
      if (printable.some((r) => r.clientId !== building.clientId)) {
        throw badRequest(REGISTRATION_MESSAGES.buildingsOfClient, {
          buildingId: [REGISTRATION_MESSAGES.buildingsOfClient],
        });
      }
      // a registration badge is not a visitor's: the building's main badge printer
      const address = printerAddressFor(building, 'volunteer');
      if (!address) throw conflict(REGISTRATION_MESSAGES.noPrinter);
      const zpl = await buildRegistrationBadgesZpl(await badgeContents(ctx, printable));
      await sendZplToBuildingPrinter(address, zpl, REGISTRATION_MESSAGES.printerDown);
      const printedIds = printable.map((r) => r.id);
      await repo.markBadgesPrinted(printedIds, deps.now());
      await deps.audit.record(ctx, {
        action: act('badge.printed'),
        targetType: 'registration',
        targetId: printedIds.length === 1 ? printedIds[0] : null,
        clientId: building.clientId,
        buildingId: building.id,
        details: { ids: printedIds, printer: 'network' },
      });
      return { printedIds };
    },
    badgePdf: (ctx: RequestCtx, id: number) => badgesPdf(ctx, [id], false),
    badgesPdf,
  };
}
