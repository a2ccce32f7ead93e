import type { TActor } from '@sv/contracts';
import { auditEvents } from '../../db/schema/index';
import type { Db } from '../db/database';
import { named } from '../db/named';

const PII_KEY = /name|dob|birth|email|phone|mobile|licen[cs]e|address|street|zip|photo|password|token|secret/i;

/**
 * Masks personal data before it reaches the append-only audit table (security guide). A value
 * under a personal key is masked all the way down: a change recorded as
 * `{ lastname: { before, after } }` masks both names (the keys inside say nothing of what they hold).
 */
export function maskPii(value: unknown, key = '', within = ''): unknown {
  if (value === null || value === undefined) return value;
  // the personal key this value sits under, itself or an ancestor's
  const personal = PII_KEY.test(key) ? key : within;
  if (Array.isArray(value)) return value.map((v) => maskPii(v, key, within));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskPii(v, k, personal)]),
    );
  }
  if (personal) {
    if (/password|token|secret|photo/i.test(personal)) return '[redacted]';
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

/** How long a sensitive read may wait in memory, and how many wait before an early flush (ADR 0044). */
export const AUDIT_READ_FLUSH_MS = 1000;
export const AUDIT_READ_BATCH = 200;
/** Past this many unwritten rows (the database down for long) the oldest are dropped, and said so. */
const AUDIT_READ_MAX_PENDING = 20_000;

/**
 * The audit log. `record` writes in the caller's statement order (and transaction); `read` is
 * for sensitive reads (ADR 0044): the row is queued in memory and written with others in one
 * insert every second or every `AUDIT_READ_BATCH` rows, so a read costs the desk no round trip.
 * `flush()` writes what waits (the app's close hook calls it; tests call it before counting).
 */
export function createAuditLog(db: Db, opts: { flushMs?: number; batch?: number } = {}) {
  const flushMs = opts.flushMs ?? AUDIT_READ_FLUSH_MS;
  const batch = opts.batch ?? AUDIT_READ_BATCH;
  // `at` is the moment of the read, not of the flush
  let pending: (AuditRow & { at: Date })[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function writePending(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = pending;
    pending = [];
    if (rows.length === 0) return writing;
    // one writer at a time, in order: a flush waits for the one before it
    writing = writing.then(async () => {
      try {
        for (let i = 0; i < rows.length; i += batch) {
          await named(db.insert(auditEvents).values(rows.slice(i, i + batch)));
        }
      } catch (err) {
        // kept for the next flush (bounded): a read is never refused because its row waits
        pending = [...rows, ...pending].slice(-AUDIT_READ_MAX_PENDING);
        console.error(`audit: ${rows.length} read rows not yet written (${(err as Error).message}); retrying`);
        schedule();
      }
    });
    return writing;
  }

  function schedule() {
    if (timer || pending.length === 0) return;
    timer = setTimeout(() => void writePending(), flushMs);
    timer.unref?.();
  }

  return {
    async record(who: AuditWho, event: AuditEvent, tx: Db = db) {
      await named(tx.insert(auditEvents).values(auditRow(who, event)));
    },

    /** A sensitive read (ADR 0044): queued, written within about a second. Never throws. */
    read(who: AuditWho, event: AuditEvent): void {
      pending.push({ ...auditRow(who, event), at: new Date() });
      if (pending.length >= batch) void writePending();
      else schedule();
    },

    /** Writes every queued read now (and waits for a write in progress). */
    async flush(): Promise<void> {
      await writePending();
      await writing;
    },

    /** Rows queued and not yet written (for the health of the writer and tests). */
    pendingReads(): number {
      return pending.length;
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
