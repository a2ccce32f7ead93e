/**
 * The visitor-passes feature's public surface (issue 28 §2–3, ADR 0053). The composition root
 * builds the repository and the service; nothing else imports this feature yet.
 */
export type { VisitorPassesService } from './visitor-passes.service';
export { looksLikePass } from './pass-token';
