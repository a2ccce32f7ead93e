import { requirePermission, requirePermissionVia, type Via } from '../../platform/auth/permission';
import type { RequestCtx } from '../../platform/http/request-context';
import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import { buildBadgePdf } from '../../integrations/printing/pdf-badge';
import { buildBadgeZpl } from '../../integrations/printing/zpl-badge';
import { printerAddressFor, sendZplToBuildingPrinter } from '../../integrations/printing/building-printer';
import type { VisitsCore } from './visits.core';

/**
 * A visit's badge: the PDF, the ZPL, and the server's print to the building's printer; its fixed
 * words in `language` (issue 29 §1: the kiosk's or the pass's; English at the desk).
 */
export function badgeUseCases(core: VisitsCore) {
  const { deps, badgeContent } = core;
  return {
    async badgePdf(ctx: RequestCtx, visitId: number, language: VisitorLanguage = 'en') {
      requirePermission(ctx.actor, 'visitors.read');
      const { content } = await badgeContent(ctx, visitId);
      return buildBadgePdf({ ...content, language });
    },

    async badgeZpl(ctx: RequestCtx, visitId: number, language: VisitorLanguage = 'en') {
      requirePermission(ctx.actor, 'visitors.read');
      const { content } = await badgeContent(ctx, visitId);
      return buildBadgeZpl({ ...content, language });
    },

    /**
     * Server-to-printer path (integrations guide: for on-site installs): ZPL over raw TCP 9100 to
     * the building's printer. A badge is printed only after the check-in is committed.
     */
    async printBadge(ctx: RequestCtx, visitId: number, via: Via = 'desk', language: VisitorLanguage = 'en') {
      requirePermissionVia(ctx.actor, 'visits.checkIn', via);
      const { content, building, visit } = await badgeContent(ctx, visitId);
      const address = printerAddressFor(building, visit.visitorType);
      if (!address)
        return {
          printed: false,
          mode: 'pdf' as const,
          message:
            building.printMethod === 'server'
              ? 'No network printer is set for this building: print the PDF badge.'
              : 'This building prints badges from the desk’s browser, not from the server: print the PDF badge.',
        };
      await sendZplToBuildingPrinter(
        address,
        await buildBadgeZpl({ ...content, language }),
        'The badge printer did not answer. Check that it is on, or print the PDF badge.',
      );
      await deps.audit.record(ctx, {
        action: 'badge.printed',
        targetType: 'visit',
        targetId: visitId,
        clientId: visit.clientId,
        buildingId: visit.buildingId,
      });
      return { printed: true, mode: 'network' as const, message: 'The badge was sent to the printer.' };
    },
  };
}
