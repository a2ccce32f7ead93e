import type { ReceivedMail, SmtpPeer } from '../apps/server/src/test/peers/smtp-server';

/**
 * The local SMTP peer of the browser tests (issue 11 "the e-mail arrives at the test SMTP server"):
 * each Playwright worker starts its own peer next to its own server (e2e/server.ts, ADR 0033) and
 * registers it here, so `waitForMail` reads only the e-mail of the server this worker tests.
 */
let mailbox: SmtpPeer | null = null;

/** Called by the worker's server fixture (e2e/fixtures.ts). */
export function useMailbox(peer: SmtpPeer | null) {
  mailbox = peer;
}

export type E2eMail = Pick<ReceivedMail, 'to' | 'subject' | 'text'>;

/** The first received e-mail that matches, waiting for it to arrive. */
export function waitForMail(match: (m: E2eMail) => boolean, timeoutMs = 15_000): Promise<E2eMail> {
  if (!mailbox) throw new Error('waitForMail: no e2e server in this worker (use `test` from e2e/fixtures.ts)');
  return mailbox.waitFor(match, timeoutMs);
}
