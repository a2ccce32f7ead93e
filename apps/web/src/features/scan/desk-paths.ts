/**
 * Front-desk browser routes (spec 002 §2) the dashboard and the scan modal lead to. The screens
 * behind them belong to the visitor flow; these belong in lib/paths.ts once it lists them.
 */
export const deskPaths = {
  newVisitor: '/visitor/verify/0',
  /** the visitor form prefilled from a scanned licence (the licence travels in navigation state) */
  newVisitorFromLicense: '/verify/license/0',
  background: (visitorId: number, preRegId?: number | null) =>
    preRegId ? `/background/visitor/${visitorId}/${preRegId}` : `/background/visitor/${visitorId}`,
  checkedOut: '/visitor/out',
  exclusions: '/exclusion',
  badgeWindow: (visitId: number) => `/Badge/print/${visitId}`,
  file: (fileId: string) => `/api/files/${fileId}`,
};
