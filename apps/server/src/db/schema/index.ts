// Drizzle schema, one file per area. drizzle-kit reads this file (apps/server/drizzle.config.ts).
export * from './tenancy';
export * from './auth';
export * from './platform';
