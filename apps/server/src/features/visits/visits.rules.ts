import { randomBytes } from 'node:crypto';
import { type TPrintMethod, type TVisitSummary, VISITOR_TYPES } from '@sv/contracts';
import type { MessageInput } from '../../platform/messaging/messenger';
import { printerAddressFor } from '../../integrations/printing/building-printer';
import type { VisitsRepository } from './visits.repository';

/** Crockford base32 without ambiguous letters: printed under the barcode, typed if a scan fails. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newBadgeCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % 32]).join('');
}

/** How a badge prints (the check-in's print plan): the server, the desk's Browser Print, or the PDF window. */
export function printModeOf(
  building: { printMethod: TPrintMethod; printerIpAddress: string; visitorPrinterIpAddress: string },
  visitorType: string,
): 'network' | 'browser' | 'pdf' {
  if (building.printMethod === 'browser') return 'browser';
  return printerAddressFor(building, visitorType) ? 'network' : 'pdf';
}

export type Row = NonNullable<Awaited<ReturnType<VisitsRepository['getVisit']>>>;

export const cardVisitorType = (type: string): TVisitSummary['visitorType'] =>
  (VISITOR_TYPES as readonly string[]).includes(type) ? (type as TVisitSummary['visitorType']) : 'visitor';

/** Time of day in the building's zone: '3:05 PM'. */
function timeInZone(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * The arrival notice for a pre-registration's "Notify Email" / "Notify SMS" contacts (spec 002 §3
 * lists the fields, the import's help says "who to tell when the visitor arrives"; the wording is
 * not in the spec): '<Visitor name> has arrived at <Building> at <time>.' in the building's zone.
 * One message per contact; a cell may hold several, separated by commas or semicolons.
 */
export function arrivalNotices(
  card: { clientId: number; notifyEmail: string; notifySms: string },
  visitorName: string,
  building: { name: string; timeZone: string },
  at: Date,
): MessageInput[] {
  const body = `${visitorName} has arrived at ${building.name} at ${timeInZone(at, building.timeZone)}.`;
  const contacts = (cell: string) => [
    ...new Set(
      cell
        .split(/[,;]/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  return [
    ...contacts(card.notifyEmail).map((recipient) => ({
      clientId: card.clientId,
      channel: 'email' as const,
      recipient,
      subject: `${visitorName} has arrived`,
      body,
      kind: 'preregistration.arrived',
    })),
    ...contacts(card.notifySms).map((recipient) => ({
      clientId: card.clientId,
      channel: 'sms' as const,
      recipient,
      body,
      kind: 'preregistration.arrived',
    })),
  ];
}

export function toSummary(r: Row & { clearedFindings?: number }): TVisitSummary {
  return {
    ...(r.clearedFindings !== undefined ? { clearedFindings: r.clearedFindings } : {}),
    id: r.id,
    visitorId: r.visitorId,
    visitorName: `${r.firstname} ${r.lastname}`.trim(),
    visitorType: r.visitorType as TVisitSummary['visitorType'],
    buildingId: r.buildingId,
    buildingName: r.buildingName,
    checkIn: r.checkIn.toISOString(),
    checkOut: r.checkOut ? r.checkOut.toISOString() : null,
    reason: r.reason,
    personVisiting: r.personVisiting,
    photoFileId: r.photoFileId ?? null,
    checkedInByName: r.checkedInByName ?? null,
    badge: r.badgeId
      ? { id: r.badgeId, code: r.badgeCode ?? '', expiresAt: r.badgeExpiresAt ? r.badgeExpiresAt.toISOString() : null }
      : null,
  };
}
