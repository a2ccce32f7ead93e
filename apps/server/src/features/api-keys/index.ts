/** API keys of a district (issue 28 §5, ADR 0051). */
export { createApiKeysRepository, type ApiKeysRepository } from './api-keys.repository';
export { createApiKeysService, type ApiKeysService } from './api-keys.service';
export { apiKeysRoutes } from './api-keys.routes';
