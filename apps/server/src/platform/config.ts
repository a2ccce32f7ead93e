import path from 'node:path';
import { z } from 'zod';
import { resolveAppSecret } from './app-secret';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads, validated at boot (issue 2 §1).
 * Documented in README "Configuration"; keep the two in sync.
 */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** PostgreSQL URL; when absent the embedded database (PGlite) in DATA_DIR is used */
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    /** public origin used in e-mail links and OIDC redirects */
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** seed demo data on first start (default: on for the embedded database) */
    SEED_DEMO: bool.optional(),
    /** server-side idle timeout and absolute session lifetime (spec 000 §9: 12 h idle) */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(12 * 60 + 5),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
    /** kiosk accounts: no idle limit, this absolute lifetime (issue 14; session-store.ts SessionPolicy) */
    KIOSK_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** force the Secure cookie flag (default: on when PUBLIC_URL is https) */
    COOKIE_SECURE: bool.optional(),
    TRUST_PROXY: bool.default(false),
    /** 32+ character secret used to encrypt stored integration secrets */
    APP_SECRET: z.string().min(32).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('SafeVisitor <no-reply@safevisitor.local>'),
    SMS_API_URL: z.string().url().optional(),
    SMS_API_TOKEN: z.string().optional(),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_LOGOUT_URL: z.string().url().optional(),
    /**
     * Identity-provider tenant ids an administrator approved for one-time linking of a Microsoft
     * account to an existing user with the same e-mail (issue 2 §3). Comma-separated; for a
     * provider without a `tid` claim the tenant is its issuer URL. Empty: no linking at all.
     */
    OIDC_LINK_TENANTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^\s]{1,200}$/, 'tenant ids must not contain spaces'))),
    /**
     * building geocoding (spec 000 §5): 'local' = built-in offline gazetteer of state capitals and
     * the demo towns (city-level, default); 'census' = US Census Geocoder over HTTPS (no key)
     */
    GEOCODER: z.enum(['local', 'census']).default('local'),
    /** Census Geocoder endpoint (override for a proxy or a test peer) */
    GEOCODER_URL: z.string().url().default('https://geocoding.geo.census.gov/geocoder/locations/address'),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /** offender-registry provider for screening: 'local' (imported registry, default) or 'nsopw' (HTTP) */
    REGISTRY_PROVIDER: z.enum(['local', 'nsopw']).default('local'),
    /** NSOPW-style search endpoint (POST JSON {firstName,lastName}); required when REGISTRY_PROVIDER=nsopw */
    NSOPW_URL: z.string().url().optional(),
    NSOPW_TOKEN: z.string().optional(),
    /** a registry search slower than this is a failure ('Unable to run Background Check at this time.') */
    REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /**
     * Background checks of public registrations use each district's Background Settings (issue 23
     * §2, ADR 0026). These three platform-wide settings are gone; they are read only to refuse a
     * start that still sets them, instead of silently ignoring them.
     */
    BACKGROUND_CHECK_PROVIDER: z.string().optional(),
    BACKGROUND_CHECK_URL: z.string().optional(),
    BACKGROUND_CHECK_TOKEN: z.string().optional(),
    /** how long one call to a district's background-check agency may take */
    BACKGROUND_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /** directory with the built web app (served from the same port) */
    WEB_DIST_DIR: z.string().optional(),
    /** run scheduled jobs (auto check-out, message retries) in this process */
    JOBS_ENABLED: bool.default(true),
    /** embedded database snapshots (issue 16): folder (default `<DATA_DIR>-backups`), period, how many kept */
    BACKUP_DIR: z.string().optional(),
    BACKUP_INTERVAL_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /**
     * Accept loopback printer addresses (127.x.x.x, ::1) for server-side printing (issue 23 §7,
     * ADR 0027). Only for the test harness and the e2e web server, whose fake printer listens on
     * 127.0.0.1; never in a real install (the server would print to itself).
     */
    PRINTER_ALLOW_LOOPBACK: bool.default(false),
    /**
     * Deliver webhooks to loopback and private-network addresses (issue 28 §5, ADR 0051). Off: a
     * receiver must resolve to a public address (no request from the server into its own network).
     * Only for the test harness and the e2e server, whose receivers listen on 127.0.0.1.
     */
    WEBHOOK_ALLOW_PRIVATE: bool.default(false),
    /**
     * Hosts told through Microsoft Teams / Slack incoming webhooks (issue 28 §4, ADR 0053): 'http'
     * posts to the district's URL; 'local' keeps the messages in memory (demos with no network).
     */
    CHAT_WEBHOOKS: z.enum(['http', 'local']).default('http'),
    /** Accept http://127.0.0.1 webhook URLs: only for tests' local peer, never in a real install. */
    CHAT_WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
    /** how long a stop waits for in-flight requests before closing the database anyway */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER and OIDC_CLIENT_ID go together' });
    }
    if (env.OIDC_LINK_TENANTS.length > 0 && !env.OIDC_ISSUER) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_LINK_TENANTS'], message: 'needs OIDC_ISSUER' });
    }
    if (env.REGISTRY_PROVIDER === 'nsopw' && !env.NSOPW_URL) {
      ctx.addIssue({ code: 'custom', path: ['NSOPW_URL'], message: 'required when REGISTRY_PROVIDER=nsopw' });
    }
    for (const key of ['BACKGROUND_CHECK_PROVIDER', 'BACKGROUND_CHECK_URL', 'BACKGROUND_CHECK_TOKEN'] as const) {
      if (env[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: "is no longer used: choose each district's provider in its Background Settings (ADR 0026)",
        });
      }
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'required in production on PostgreSQL (at least 32 characters, e.g. `openssl rand -base64 48`)',
      });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? `${path.resolve(env.DATA_DIR)}-backups`),
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    COOKIE_SECURE: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    APP_SECRET: env.APP_SECRET ?? resolveAppSecret(env),
  };
}
