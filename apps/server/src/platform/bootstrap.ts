import { createSmtpTransport, type EmailTransport } from '../integrations/email/email-transport';
import { createGeocoder } from '../integrations/geocoding/index';
import type { Geocoder } from '../integrations/geocoding/geocoder';
import type { OffenderRegistry } from '../integrations/registry/offender-registry';
import { createRegistryFromConfig } from '../integrations/registry/registry-provider';
import { createHttpSmsTransport, type SmsTransport } from '../integrations/sms/sms-transport';
import { createAuditLog } from './audit/audit-log';
import { createSessionStore } from './auth/session-store';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AppDeps } from './deps';
import { createMessenger } from './messaging/messenger';
import { createRealtime } from './realtime/realtime';

export interface DepsOverrides {
  email?: EmailTransport | null;
  sms?: SmsTransport | null;
  now?: () => Date;
  geocoder?: Geocoder;
  registry?: OffenderRegistry;
}

/** Wires the dependencies from configuration; tests pass overrides (real peers, fake clock). */
export function createDeps(config: Config, database: Database, overrides: DepsOverrides = {}): AppDeps {
  const db = database.db;
  const email =
    overrides.email !== undefined
      ? overrides.email
      : config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
        : null;
  const sms =
    overrides.sms !== undefined
      ? overrides.sms
      : config.SMS_API_URL
        ? createHttpSmsTransport(config.SMS_API_URL, config.SMS_API_TOKEN)
        : null;
  return {
    config,
    database,
    db,
    sessions: createSessionStore(
      db,
      {
        idleMinutes: config.SESSION_IDLE_MINUTES,
        absoluteHours: config.SESSION_ABSOLUTE_HOURS,
        kioskAbsoluteHours: config.KIOSK_SESSION_DAYS * 24,
      },
      (channel, onPayload) => database.listen(channel, onPayload),
    ),
    audit: createAuditLog(db),
    messenger: createMessenger({ db, email, sms }),
    realtime: createRealtime(database),
    geocoder: overrides.geocoder ?? createGeocoder(config),
    registry: overrides.registry ?? createRegistryFromConfig(config, db),
    now: overrides.now ?? (() => new Date()),
  };
}
