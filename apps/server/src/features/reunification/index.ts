/**
 * The reunification feature's public surface (issue 27 §3, ADR 0050): what other features may
 * import. The composition root builds the feature's repository and service.
 */
export type { ReunificationRepository } from './reunification.repository';
export type { ReunificationService } from './reunification.service';
