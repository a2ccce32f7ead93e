/** Business constants of the specification. They are requirements (spec README). */
export const CONSTANTS = {
  /** spec 000 §4, §9: idle limit 12 hours, then a 30 s countdown */
  idleLimitMs: 12 * 60 * 60 * 1000,
  idleCountdownSeconds: 30,
  /** spec 000 §9: keep-alive every 10 minutes */
  keepAliveMs: 10 * 60 * 1000,
  /** spec 000 §9: notifications 4 s, loading overlay after 1 s */
  notificationMs: 4000,
  loadingOverlayDelayMs: 1000,
  /** spec 001 §9: alerts success 4 s, failure 8 s */
  alertSuccessMs: 4000,
  alertFailureMs: 8000,
  /** spec 000 §9 */
  pageSize: 100,
  paginationWindow: 5,
  passwordRevealMs: 5000,
  thumbnailEnlargeMs: 5000,
  searchDelayMs: 300,
  debounceMs: 1000,
  /** spec 000 §5: impersonation search starts at 2 characters; table filters need 2 */
  minSearchChars: 2,
  /** spec 000 §9 breakpoints */
  breakpoints: [768, 992, 1200] as const,
  /** spec 001 §9: registration photo size limit */
  photoMaxBytes: 10_485_760,
  /** spec 002 §9 */
  dashboardRefreshMs: 7_200_000,
  dashboardRefreshFastMs: 15_000,
  kioskThankYouMs: 2000,
  scanIdleMs: 1000,
  autoValidateAttempts: 10,
  autoValidateIntervalMs: 3000,
  studentKioskReloadMs: 5000,
  kioskValidationFailuresAllowed: 2,
  cameraAttachMs: 100,
  printerAddressMinLength: 7,
  /**
   * issue 10 §1: a check-in relies on a server screening of the person at that building made at most
   * this long ago (long enough to take a photo and pick a reason, short enough that a new exclusion
   * or registry record is seen)
   */
  screeningValidMinutes: 15,
  /** issue 2 §6: impersonation expires after 60 minutes */
  impersonationMaxMinutes: 60,
  defaultTimeZone: 'America/Chicago',
} as const;

/**
 * Documented limits of the import pipeline (spec 000 §5 leaves them to us).
 * Plain data kept apart from the zod schemas so the web's initial bundle carries no zod.
 */
export const IMPORT_LIMITS = {
  /** largest accepted file */
  maxBytes: 5 * 1024 * 1024,
  /** most data rows (after the header, blank rows not counted) */
  maxRows: 20_000,
  /** how long an error file can be downloaded */
  errorFileDays: 7,
  /** accepted file types */
  extensions: ['.csv', '.xlsx'] as const,
} as const;
