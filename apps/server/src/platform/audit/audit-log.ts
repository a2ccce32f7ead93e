import type { TActor } from '@sv/contracts';
import { auditEvents } from '../../db/schema/index';
import type { Db } from '../db/database';
import { named } from '../db/named';

const PII_KEY = /name|dob|birth|email|phone|mobile|licen[cs]e|address|street|zip|photo|password|token|secret/i;

/** Masks personal data before it reaches the append-only audit table (security guide). */
export function maskPii(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => maskPii(v, key));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskPii(v, k)]));
  }
  if (PII_KEY.test(key)) {
    if (/password|token|secret|photo/i.test(key)) return '[redacted]';
    // by code point: `s[0]` of '𐘵…' is half a surrogate pair, which jsonb refuses (the fuzz
    // test's sign-in with such an e-mail answered 500, issue 10 §2)
    const chars = Array.from(String(value));
    return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 6))}`;
  }
  return value;
}

export interface AuditEvent {
  action: string;
  targetType?: string;
  targetId?: string | number | null;
  clientId?: number | null;
  buildingId?: number | null;
  details?: Record<string, unknown>;
}

export interface AuditWho {
  actor?: TActor | null;
  requestId?: string;
  ip?: string;
}

/** The audit row of an event (shared by `record` and the one-statement writes that embed it). */
/**
 * The columns `auditRow` fills, for statements built once with placeholders
 * (`insertSelectPlaceholders`): its return type holds exactly these, so a column added to the row
 * and not here fails to compile.
 */
export const AUDIT_ROW_COLUMNS = [
  'actorUserId',
  'impersonatorId',
  'clientId',
  'buildingId',
  'action',
  'targetType',
  'targetId',
  'requestId',
  'ip',
  'details',
] as const;
export type AuditRow = Required<Pick<typeof auditEvents.$inferInsert, (typeof AUDIT_ROW_COLUMNS)[number]>>;

export function auditRow(who: AuditWho, event: AuditEvent): AuditRow {
  return {
    actorUserId: who.actor?.userId ?? null,
    impersonatorId: who.actor?.impersonatorId ?? null,
    clientId: event.clientId ?? who.actor?.clientId ?? null,
    buildingId: event.buildingId ?? who.actor?.buildingId ?? null,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId == null ? null : String(event.targetId),
    requestId: who.requestId ?? null,
    ip: who.ip ?? null,
    details: maskPii(event.details ?? {}) as Record<string, unknown>,
  };
}

export function createAuditLog(db: Db) {
  return {
    async record(who: AuditWho, event: AuditEvent, tx: Db = db) {
      await named(tx.insert(auditEvents).values(auditRow(who, event)));
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
