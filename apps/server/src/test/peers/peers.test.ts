import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../integrations/email/email-transport';
import {
  createOidcClient,
  randomNonce,
  randomPkceVerifier,
  randomState,
} from '../../integrations/identity/oidc-client';
import { followRedirects, type OidcPeer, startOidcProvider } from './oidc-provider';
import { parseMail, startSmtpServer, type SmtpPeer } from './smtp-server';

const APP = 'http://app.example.test';
const REDIRECT = `${APP}/api/auth/microsoft/callback`;

describe('local OIDC provider peer', () => {
  let idp: OidcPeer;
  beforeAll(async () => {
    idp = await startOidcProvider({
      clientId: 'peer-test',
      clientSecret: 'peer-test-secret-0123456789',
      redirectUri: REDIRECT,
      accounts: [
        { sub: 'u1', email: 'one@peer.test', tid: 'tenant-1', oid: 'object-1' },
        { sub: 'u2', email: 'two@peer.test' },
      ],
    });
  });
  afterAll(() => idp.close());

  const client = () =>
    createOidcClient({
      issuer: idp.issuer,
      clientId: 'peer-test',
      clientSecret: 'peer-test-secret-0123456789',
      redirectUri: REDIRECT,
    });

  it('signs in non-interactively with login_hint and issues Microsoft-shaped ID token claims', async () => {
    const c = client();
    const checks = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPkceVerifier() };
    const url = await c.authorizationUrl(checks);
    url.searchParams.set('login_hint', 'one@peer.test');
    const callback = await followRedirects(url, (u) => u.origin === APP);
    expect(callback.searchParams.get('state')).toBe(checks.state);
    const claims = await c.completeSignIn(callback, checks);
    expect(claims).toMatchObject({
      sub: 'u1',
      tid: 'tenant-1',
      oid: 'object-1',
      email: 'one@peer.test',
      iss: idp.issuer,
    });
    // a wrong PKCE verifier is refused by the provider
    const again = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPkceVerifier() };
    const url2 = await c.authorizationUrl(again);
    url2.searchParams.set('login_hint', 'two@peer.test');
    const cb2 = await followRedirects(url2, (u) => u.origin === APP);
    await expect(c.completeSignIn(cb2, { ...again, codeVerifier: randomPkceVerifier() })).rejects.toThrow();
  });

  it('shows a sign-in form without a hint (browser tests) and refuses an unknown account', async () => {
    const c = client();
    const checks = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPkceVerifier() };
    const auth = await fetch(await c.authorizationUrl(checks), { redirect: 'manual' });
    const cookies = auth.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    const page = new URL(auth.headers.get('location')!, idp.issuer);
    const html = await (await fetch(page, { headers: { cookie: cookies } })).text();
    expect(html).toContain('<form method="post"');
    const action = /action="([^"]+)"/.exec(html)![1];
    const post = await fetch(new URL(action, idp.issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=nobody%40peer.test',
    });
    expect(post.status).toBe(303);
    const resume = new URL(post.headers.get('location')!, idp.issuer);
    // the provider resumes the authorization with its interaction cookies and answers the
    // client with error=access_denied
    const resumed = await fetch(resume, { redirect: 'manual', headers: { cookie: cookies } });
    const res = new URL(resumed.headers.get('location')!);
    expect(res.origin).toBe(APP);
    expect(res.searchParams.get('error')).toBe('access_denied');
  });
});

describe('local SMTP peer', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('records what nodemailer delivers, with the body decoded', async () => {
    const transport = createSmtpTransport(smtp.url, 'SafeVisitor <sv@peer.test>');
    const long = `https://visitors.example.test/Account/SetPassword#token=${'a'.repeat(43)} and more text after the link`;
    await transport.send({ to: 'someone@peer.test', subject: 'Héllo — test', text: `Line one\n${long}` });
    const mail = await smtp.waitFor((m) => m.to.includes('someone@peer.test'));
    expect(mail.from).toBe('sv@peer.test');
    expect(mail.subject).toBe('Héllo — test');
    expect(mail.text).toBe(`Line one\n${long}`);
    await expect(smtp.waitFor((m) => m.to.includes('nobody@peer.test'), 200)).rejects.toThrow(/no matching e-mail/);
  });

  it('parses quoted-printable and base64 bodies', () => {
    expect(
      parseMail('Subject: a\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nx=3Dy soft=\r\nbreak').text,
    ).toBe('x=y softbreak');
    expect(parseMail('Subject: b\r\nContent-Transfer-Encoding: base64\r\n\r\naGVsbG8=').text).toBe('hello');
  });
});
