import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { PASS_MESSAGES } from '@sv/contracts';

/**
 * The visitor pass token (issue 28 §2, ADR 0053): `SVP1.<card id, base 36>.<nonce>.<signature>`.
 *
 * - unguessable: the nonce is 128 random bits; only its SHA-256 is stored (pre_registrations.pass_nonce),
 *   so the table alone cannot rebuild a pass;
 * - signed: HMAC-SHA-256 (128 bits kept) with a key derived from APP_SECRET (HKDF, its own label)
 *   over the card id, the nonce, the building and the window: a token edited in any part fails;
 * - single-building and time-boxed: the building and window are those of the card, checked at the scan;
 * - revocable: revoking sets pass_revoked_at; sending a new pass replaces the nonce (the old one fails).
 *
 * The text is what the QR code holds and what a keyboard-wedge scanner types: ASCII letters,
 * digits, '.', '-' and '_' only.
 */
export const PASS_PREFIX = 'SVP1';
/** How early before the window a pass is accepted (our choice: a visitor early for a meeting). */
export const PASS_EARLY_MINUTES = 30;

export interface PassClaims {
  id: number;
  buildingId: number;
  windowStart: Date;
  windowEnd: Date;
}

const b64 = (b: Buffer) => b.toString('base64url');

export function createPassSigner(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'safevisitor', 'visitor-pass v1', 32));
  const mac = (c: PassClaims, nonce: string) =>
    createHmac('sha256', key)
      .update(`${PASS_PREFIX}|${c.id}|${nonce}|${c.buildingId}|${c.windowStart.getTime()}|${c.windowEnd.getTime()}`)
      .digest()
      .subarray(0, 16);
  return {
    /** A new pass for a card: the token to send and the nonce's hash to store. */
    issue(c: PassClaims) {
      const nonce = b64(randomBytes(16));
      return {
        token: `${PASS_PREFIX}.${c.id.toString(36)}.${nonce}.${b64(mac(c, nonce))}`,
        nonceHash: nonceHash(nonce),
      };
    },
    /** True when the token was made by us for exactly these claims (constant-time compare). */
    verify(parsed: ParsedPass, c: PassClaims) {
      const expected = mac(c, parsed.nonce);
      const given = Buffer.from(parsed.signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type PassSigner = ReturnType<typeof createPassSigner>;

export const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export interface ParsedPass {
  id: number;
  nonce: string;
  signature: string;
}

/** Is this scanned text a pass (whatever else the scan box might hold: a licence, a badge code)? */
export const looksLikePass = (raw: string) => raw.trim().toUpperCase().startsWith(`${PASS_PREFIX}.`);

/** The parts of a pass, or null when the text is not one. */
export function parsePass(raw: string): ParsedPass | null {
  const m = /^SVP1\.([0-9a-z]{1,7})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(raw.trim());
  if (!m) return null;
  const id = Number.parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  return { id, nonce: m[2]!, signature: m[3]! };
}

/** What a card must say for its pass to admit at `buildingId` now (issue 28 §3), or the refusal. */
export function passRefusal(
  card: {
    buildingId: number;
    windowStart: Date | null;
    windowEnd: Date | null;
    passNonce: string | null;
    passRevokedAt: Date | null;
    status: string;
  },
  parsed: ParsedPass,
  signer: PassSigner,
  at: { buildingId: number; now: Date },
): string | null {
  if (!card.passNonce || !card.windowStart || !card.windowEnd) return PASS_MESSAGES.invalid;
  const claims = {
    id: parsed.id,
    buildingId: card.buildingId,
    windowStart: card.windowStart,
    windowEnd: card.windowEnd,
  };
  // a forged or edited token, or a pass replaced by a newer one
  if (!signer.verify(parsed, claims)) return PASS_MESSAGES.invalid;
  const stored = Buffer.from(card.passNonce);
  const given = Buffer.from(nonceHash(parsed.nonce));
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return PASS_MESSAGES.invalid;
  if (card.passRevokedAt || ['denied', 'closed', 'cancelled'].includes(card.status)) return PASS_MESSAGES.revoked;
  if (card.buildingId !== at.buildingId) return PASS_MESSAGES.otherBuilding;
  if (card.status === 'checked_in') return PASS_MESSAGES.used;
  if (at.now.getTime() < card.windowStart.getTime() - PASS_EARLY_MINUTES * 60_000) return PASS_MESSAGES.early;
  if (at.now.getTime() > card.windowEnd.getTime()) return PASS_MESSAGES.expired;
  return null;
}
