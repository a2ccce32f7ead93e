/** SCIM 2.0 per district (issue 30 §3, ADR 0052). */
export { createScimRepository, type ScimRepository } from './scim.repository';
export { createScimService, type ScimService } from './scim.service';
export { scimRoutes } from './scim.routes';
