import { requirePermission } from '../../platform/auth/permission';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { buildRegistrationBadgesPdf, buildRegistrationBadgesZpl } from './registrations.badge';
import { printerAddressFor, sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import type { EngineCore } from './registrations.engine-core';
import { actionsFor, REGISTRATION_MESSAGES } from './registrations.rules';

/** Registration badges: PDF, marked printed, sent to a building printer (issue 11 "Printing"). */
export function printingUseCases<D extends { clientId: number }, L>(core: EngineCore<D, L>) {
  const { deps, cfg, repo, P, act, today, requireOffered, badgeContents } = core;

  /**
   * The rows of `ids` whose badge may print now, for every print path (the PDF, marked printed,
   * a building printer): the manage permission first, 404 when none is in scope, the one row's
   * refusal in its own words, 409 when none may print.
   */
  async function printableRows(ctx: RequestCtx, ids: number[]) {
    requirePermission(ctx.actor, P.manage);
    const unique = [...new Set(ids)];
    const rows = await repo.findListRows(ctx.actor, unique);
    if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
    const day = today();
    if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
    const printable = rows.filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'));
    if (printable.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
    return printable;
  }

  /**
   * Records a print of `printable`'s badges: badge_printed_at when `mark` (the print is real: a
   * POST, a building printer), and always the audit row (`badge.print` for the PDF, `badge.printed`
   * when marked). One place for every print path (issue 24: badge PDF vs mark-printed).
   */
  async function recordPrint(
    ctx: RequestCtx,
    printable: { id: number; clientId: number }[],
    o: { action: 'badge.print' | 'badge.printed'; mark: boolean; building?: { id: number; clientId: number } },
  ) {
    const printedIds = printable.map((r) => r.id);
    if (o.mark) await repo.markBadgesPrinted(printedIds, deps.now());
    await deps.audit.record(ctx, {
      action: act(o.action),
      targetType: 'registration',
      targetId: printedIds.length === 1 ? printedIds[0] : null,
      clientId: o.building?.clientId ?? printable[0].clientId,
      ...(o.building ? { buildingId: o.building.id } : {}),
      details: o.building ? { ids: printedIds, printer: 'network' } : { ids: printedIds },
    });
    return printedIds;
  }

  /**
   * The badge PDF of one or several approved registrations. `markPrinted` (POST only) stores
   * badge_printed_at; a GET (the print window's frame) changes no data (sessions.test: GET routes
   * change nothing but sessions and the audit trail), so its print is recorded in the audit log only.
   */
  async function badgesPdf(ctx: RequestCtx, ids: number[], markPrinted: boolean) {
    const printable = await printableRows(ctx, ids);
    const badges = await badgeContents(ctx, printable);
    const pdf = await buildRegistrationBadgesPdf(badges);
    await recordPrint(ctx, printable, { action: 'badge.print', mark: markPrinted });
    return Buffer.from(pdf);
  }

  return {
    /**
     * Records approved registrations' badges as printed (spec 001 §3 SafeVendor `generated`: the
     * badge has been printed) when the print window is opened; the window's GET changes nothing.
     */
    async markPrinted(ctx: RequestCtx, ids: number[]) {
      const printable = await printableRows(ctx, ids);
      return { printedIds: await recordPrint(ctx, printable, { action: 'badge.printed', mark: true }) };
    },
    /**
     * Sends approved badges as ZPL to a building's network printer (issue 15 "ZPL to the building
     * printer"; spec 002 §4: an address shorter than 7 characters means none) and records them as
     * printed. The building must be in the actor's scope and of the registrations' district.
     */
    async printToBuilding(ctx: RequestCtx, ids: number[], buildingId: number) {
      const printable = await printableRows(ctx, ids);
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
      return { printedIds: await recordPrint(ctx, printable, { action: 'badge.printed', mark: true, building }) };
    },
    badgePdf: (ctx: RequestCtx, id: number) => badgesPdf(ctx, [id], false),
    badgesPdf,
  };
}
