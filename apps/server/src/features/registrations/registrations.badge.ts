import type { BadgeFace } from '../../integrations/printing/badge-layout';
import { printingText } from '../../integrations/printing/i18n';
import { renderBadgesPdf } from '../../integrations/printing/pdf-badge';
import { renderBadgesZpl } from '../../integrations/printing/zpl-badge';
import { interpolate, type VisitorLanguage } from '../../platform/i18n/catalogue';

/** What one registration badge shows (spec 001 §2 Print; issue 11 "Printing"). */
export interface RegistrationBadgeContent {
  districtName: string;
  /** the registration type, or a SafeVendor's company */
  registrationType: string;
  name: string;
  /** mm/dd/yyyy, or '' when the registration has no expiry */
  expires: string;
  badgeCode: string;
  photo: Uint8Array | null;
  /** the language of the fixed words (issue 29 §1); English by default */
  language?: VisitorLanguage;
}

/**
 * A volunteer's or SafeVendor's long-lived ID badge as a face of the one badge layout
 * (integrations/printing/badge-layout.ts, issue 24 §2): the visit badge's stock and positions,
 * with the type (or company) in a green band, the district, photo, name, type, expiry and the
 * Code 128 of the random badge code the desk scans (registered check-in).
 */
export function registrationBadgeFace(badge: RegistrationBadgeContent): BadgeFace {
  const language = badge.language ?? 'en';
  const t = printingText.of(language).badge;
  return {
    band: 'registration',
    title: badge.registrationType,
    place: badge.districtName,
    name: badge.name,
    lines: [badge.registrationType, interpolate(t.expires, { time: badge.expires || t.noExpiry })],
    badgeCode: badge.badgeCode,
    photo: badge.photo,
    language,
  };
}

/** One 4 × 3 in PDF page per registration, for the print window and the approval e-mail. */
export function buildRegistrationBadgesPdf(badges: RegistrationBadgeContent[]): Promise<Uint8Array> {
  const title = badges.length === 1 ? 'Registration badge' : 'Registration badges';
  return renderBadgesPdf(badges.map(registrationBadgeFace), title);
}

/** The same badges as ZPL labels, one job, for a building's Zebra printer (issue 15). */
export function buildRegistrationBadgesZpl(badges: RegistrationBadgeContent[]): Promise<string> {
  return renderBadgesZpl(badges.map(registrationBadgeFace));
}
