import type { AppDeps } from '../../platform/deps';
import {
  createEngineCore,
  type RegistrationEngineParts,
  type RegistrationKindConfig,
} from './registrations.engine-core';
import { decisionsUseCases } from './registrations.decisions';
import { editUseCases } from './registrations.edit';
import { printingUseCases } from './registrations.printing';
import { readUseCases } from './registrations.read';

/**
 * The registrations engine (spec 001 §2 actions, §4 states, §9 defaults; ADR 0014): approval,
 * deny, make pending, e-mail warnings, expiration e-mail, photos, buildings, information, badge
 * PDFs and exports of one kind — volunteer registrations or SafeVendor registrations.
 * One closure per use case (issue 24 §1: registrations.read / .edit / .decisions / .printing),
 * on one shared core (registrations.engine-core.ts).
 */
export function createRegistrationEngine<D extends { clientId: number }, L>(
  deps: AppDeps,
  parts: RegistrationEngineParts,
  cfg: RegistrationKindConfig<D, L>,
) {
  const core = createEngineCore(deps, parts, cfg);
  return {
    ...readUseCases(core),
    ...editUseCases(core),
    ...decisionsUseCases(core),
    ...printingUseCases(core),
  };
}
