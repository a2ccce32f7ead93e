/**
 * Front-desk display rules: dashboard and kiosk buttons, student information system (SIS) mode,
 * refresh and delay constants, card layout, printing, deny label, badges and visits
 * (spec 002 §2 Dashboard, §4, §9; spec 000 §3 Visitor).
 */

/** Dashboard buttons and their default labels (spec 002 §9), in display order. */
export const DEFAULT_DASHBOARD_LABELS = Object.freeze({
  visitor: 'TEMPORARY VISITOR',
  checkIn: 'SAFEVISITOR ID BADGE CHECK IN',
  checkOut: 'CHECK OUT',
  pickup: 'STUDENT PICKUP',
});

/** Kiosk buttons and their default labels (spec 002 §9), in display order. */
export const DEFAULT_KIOSK_LABELS = Object.freeze({
  visitor: 'KIOSK TEMPORARY VISITOR',
  checkIn: 'KIOSK SAFEVISITOR ID BADGE CHECK IN',
  checkOut: 'Visitor / Volunteer Checkout',
  pickup: 'STUDENT PICKUP',
  studentCheckIn: 'KIOSK STUDENT CHECK IN',
  studentCheckOut: 'KIOSK STUDENT CHECK OUT',
});

/** The kiosk health banner's two yes/no questions (spec 002 §2 Kiosk screens, §9). */
export const DEFAULT_HEALTH_QUESTIONS = Object.freeze([
  'In the last 14 days, have you been in close contact with anyone diagnosed with a contagious illness such as COVID-19?',
  'In the last 30 days, have you traveled to a country that health authorities consider high-risk?',
] as const);

/** The default questions in Spanish, for the kiosk in Spanish (issue 25, audit 002 U5; ADR 0034). */
export const DEFAULT_HEALTH_QUESTIONS_ES = Object.freeze([
  'En los últimos 14 días, ¿ha estado en contacto cercano con alguna persona diagnosticada con una enfermedad contagiosa como el COVID-19?',
  'En los últimos 30 días, ¿ha viajado a un país que las autoridades de salud consideran de alto riesgo?',
] as const);

/** The label that hides a button (spec 002 §2). */
export const HIDDEN_LABEL = 'N/A';

/**
 * Whether a configured label hides its button. Compared trimmed and case-insensitively: an
 * administrator typing 'n/a ' means the same as 'N/A'.
 */
export function isHiddenLabel(label: string | null | undefined): boolean {
  return (label ?? '').trim().toUpperCase() === HIDDEN_LABEL;
}

/**
 * The buttons to show, in the defaults' order, with their labels: a configured label of 'N/A'
 * hides the button; an empty or missing label falls back to the default text.
 */
export function visibleButtons<K extends string>(
  labels: Partial<Record<K, string | null | undefined>>,
  defaults: Readonly<Record<K, string>> = DEFAULT_DASHBOARD_LABELS as unknown as Record<K, string>,
): { key: K; label: string }[] {
  const buttons: { key: K; label: string }[] = [];
  for (const key of Object.keys(defaults) as K[]) {
    const configured = labels[key];
    if (isHiddenLabel(configured)) continue;
    const label = configured?.trim() ? configured.trim() : defaults[key];
    buttons.push({ key, label });
  }
  return buttons;
}

/**
 * Grid columns (of 12) per button: 12 divided by the number of visible buttons (spec 002 §2),
 * rounded down so five buttons still fit one row; 12 when none is visible.
 */
export function buttonSpan(count: number): number {
  return count >= 1 ? Math.floor(12 / Math.floor(count)) : 12;
}

export interface SisSettings {
  /** The pickup button label (client or kiosk settings). */
  pickupBtn: string | null | undefined;
  /** ClientsStudentInfoSystemId: 0 or absent means Skyward. */
  studentInfoSystemId: number | null | undefined;
  dropoffDetected: boolean | null | undefined;
  pickupDetected: boolean | null | undefined;
}

export type SisMode = 'Skyward' | 'General';

/**
 * Spec 002 §4 Dashboard visitor flow: 'Skyward' when the pickup button is shown and there is no
 * student-system id (0 or absent); 'General' when a system id exists and dropoff or pickup is
 * detected; otherwise no SIS mode.
 */
export function sisMode(settings: SisSettings): SisMode | null {
  const hasSystem =
    settings.studentInfoSystemId !== null &&
    settings.studentInfoSystemId !== undefined &&
    settings.studentInfoSystemId !== 0;
  if (!hasSystem) return isHiddenLabel(settings.pickupBtn) ? null : 'Skyward';
  return settings.dropoffDetected || settings.pickupDetected ? 'General' : null;
}

/**
 * The student phase in General mode (spec 002 §4): 'choose' when both dropoff and pickup are
 * detected, otherwise the one that is. Null outside General mode, where no phase is chosen (the
 * Skyward flow is the pickup screen itself).
 */
export function sisPhase(settings: SisSettings): 'choose' | 'Pickup' | 'Dropoff' | null {
  if (sisMode(settings) !== 'General') return null;
  if (settings.dropoffDetected && settings.pickupDetected) return 'choose';
  return settings.pickupDetected ? 'Pickup' : 'Dropoff';
}

/** Dashboard refresh period (spec 002 §9): 15 s when enableCheckForVisitorsMoreOften, else 2 h. */
export function dashboardRefreshMs(enableCheckForVisitorsMoreOften: boolean | null | undefined): number {
  return enableCheckForVisitorsMoreOften ? 15_000 : 7_200_000;
}

/** How long success screens stay before going home (spec 002 §9); null when the setting is not above 0. */
export function successScreenDelayMs(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/** Visitor-card columns by window width: under 768 px 1, under 992 2, under 1200 3, else 4 (spec 000 §9). */
export function visitorCardColumns(widthPx: number): 1 | 2 | 3 | 4 {
  if (widthPx < 768) return 1;
  if (widthPx < 992) return 2;
  if (widthPx < 1200) return 3;
  return 4;
}

/**
 * Whether badges go to the building's network printer: its address must be at least 7 characters
 * (spec 002 §4 Badge printing, §9); otherwise the browser's print window is used. Surrounding
 * white space does not count.
 */
export function canNetworkPrint(printerAddress: string | null | undefined): boolean {
  return (printerAddress ?? '').trim().length >= 7;
}

/**
 * The deny button (spec 002 §2 Allow/Deny, §6): admins whose visitor has no active exclusion get
 * 'Deny & Add Exclusion' (denying then opens the add-exclusion modal); everyone else 'Deny'.
 */
export function denyButtonLabel(input: {
  isAdmin: boolean;
  hasActiveExclusion: boolean;
}): 'Deny & Add Exclusion' | 'Deny' {
  return input.isAdmin && !input.hasActiveExclusion ? 'Deny & Add Exclusion' : 'Deny';
}

type Instant = Date | string | number;
const time = (value: Instant | null | undefined): number =>
  value === null || value === undefined ? Number.NaN : new Date(value).getTime();

/** The badge with the newest createdDate (spec 000 §3 Visitor); null when there is none. */
export function latestBadge<B extends { createdDate: Instant | null | undefined }>(badges: readonly B[]): B | null {
  let best: B | null = null;
  for (const badge of badges) {
    const t = time(badge.createdDate);
    if (Number.isNaN(t)) continue;
    if (best === null || t > time(best.createdDate)) best = badge;
  }
  return best;
}

/** The open visit (no checkOut) with the latest checkIn (spec 000 §3 Visitor); null when none is open. */
export function currentVisit<V extends { checkIn: Instant | null | undefined; checkOut?: Instant | null }>(
  visits: readonly V[],
): V | null {
  let best: V | null = null;
  for (const visit of visits) {
    if (visit.checkOut !== null && visit.checkOut !== undefined) continue;
    const t = time(visit.checkIn);
    if (Number.isNaN(t)) continue;
    if (best === null || t > time(best.checkIn)) best = visit;
  }
  return best;
}

/**
 * The kiosk health banner (spec 002 §4): any Yes sends the visitor to the kiosk problem screen,
 * two Noes dismiss the banner, anything else keeps it up.
 */
export function healthBannerOutcome(
  answers: readonly (boolean | null | undefined)[],
): 'problem' | 'dismiss' | 'pending' {
  if (answers.some((a) => a === true)) return 'problem';
  return answers.length >= DEFAULT_HEALTH_QUESTIONS.length && answers.every((a) => a === false) ? 'dismiss' : 'pending';
}
