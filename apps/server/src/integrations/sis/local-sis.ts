import type { SisClient } from './sis-client';

/**
 * The built-in provider for demo installations and districts set to 'local': there is no remote
 * server, so the connection always succeeds.
 */
export function createLocalSisClient(): SisClient {
  return {
    name: 'local',
    testConnection: async () => true,
  };
}
