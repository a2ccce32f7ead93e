import fs from 'node:fs';
import path from 'node:path';
import { startOidcProvider } from '../apps/server/src/test/peers/oidc-provider';
import { startSmtpServer } from '../apps/server/src/test/peers/smtp-server';
import { MAIL } from './mail';
import { OIDC } from './oidc';

/** Starts the local OpenID Connect provider the server is configured with (playwright.config.ts). */
export default async function globalSetup() {
  const peer = await startOidcProvider({
    port: OIDC.port,
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
    redirectUri: `${OIDC.appUrl}/api/auth/microsoft/callback`,
    postLogoutRedirectUris: [`${OIDC.appUrl}/Account/Login`],
    accounts: [{ ...OIDC.account, tid: OIDC.tenantId }],
  });
  // the SMTP peer: every received message becomes a file the tests read (e2e/mail.ts)
  fs.rmSync(MAIL.dir, { recursive: true, force: true });
  fs.mkdirSync(MAIL.dir, { recursive: true });
  const smtp = await startSmtpServer({ port: MAIL.port });
  let n = 0;
  const timer = setInterval(() => {
    while (n < smtp.messages.length) {
      const m = smtp.messages[n++];
      const file = path.join(MAIL.dir, `${String(n).padStart(6, '0')}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to: m.to, subject: m.subject, text: m.text }));
      fs.renameSync(`${file}.tmp`, file);
    }
  }, 100);
  return async () => {
    clearInterval(timer);
    await smtp.close();
    await peer.close();
  };
}
