// Drizzle schema, one file per area. drizzle-kit reads this file (apps/server/drizzle.config.ts).
export * from './tenancy';
export * from './auth';
export * from './platform';
export * from './imports';
export * from './visitors';
export * from './files';
export * from './exclusions';
export * from './clients';
export * from './front-desk';
export * from './registry';
export * from './screening';
export * from './registrations';
export * from './students';
export * from './nearby';
