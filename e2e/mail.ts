import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The local SMTP peer of the browser tests (issue 11 "the e-mail arrives at the test SMTP server"):
 * global-setup.ts starts it on MAIL.port and writes every received message as a JSON file in
 * MAIL.dir, which the tests (other processes) read with `waitForMail`. playwright.config.ts points
 * the server's SMTP_URL at it.
 */
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const MAIL = {
  port: Number(process.env.E2E_SMTP_PORT ?? appPort + 25),
  dir: path.join(os.tmpdir(), `sv-e2e-mail-${appPort}`),
  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  },
};

export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
}

/** The first received e-mail that matches, waiting for it to arrive. */
export async function waitForMail(match: (m: E2eMail) => boolean, timeoutMs = 15_000): Promise<E2eMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(MAIL.dir) ? fs.readdirSync(MAIL.dir).sort() : [];
    for (const f of files) {
      try {
        const m = JSON.parse(fs.readFileSync(path.join(MAIL.dir, f), 'utf8')) as E2eMail;
        if (match(m)) return m;
      } catch {
        // a file still being written: read it on the next pass
      }
    }
    if (Date.now() > until) throw new Error(`no matching e-mail within ${timeoutMs} ms (${files.length} received)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
