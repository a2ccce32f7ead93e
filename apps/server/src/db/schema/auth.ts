import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './tenancy';

/** Server-side sessions (security guide). The cookie holds a random token; we store its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    csrfToken: text('csrf_token').notNull(),
    signedInWith: text('signed_in_with').notNull().default('password'),
    /** the admin acting as userId (impersonation lives here only, never in a cookie) */
    impersonatorId: integer('impersonator_id').references(() => users.id),
    impersonationStartedAt: timestamp('impersonation_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per account and per address (security guide: brute force). */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Activation and reset tokens: random 256-bit, stored hashed, single-use, short-lived. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/** Pending OIDC sign-ins: state, nonce and PKCE verifier kept server-side. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  kiosk: boolean('kiosk').notNull().default(false),
  /** issue 30: the district whose provider this sign-in uses (null: the platform's env Microsoft setting) */
  clientId: integer('client_id'),
  /** 'signin' | 'test' (a district administrator's test sign-in: proves the configuration, signs nobody in) */
  purpose: text('purpose').notNull().default('signin'),
  /** the administrator who started a test sign-in */
  userId: integer('user_id'),
  /** the district_sso version a test sign-in proves (a configuration changed meanwhile stays untested) */
  configVersion: integer('config_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
