/// <reference path="./oidc-provider-module.d.ts" />
// (the reference brings the module declaration along when other programs, e.g. e2e, import this peer)
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account of the local identity provider, shaped like a Microsoft Entra ID user. */
export interface OidcPeerAccount {
  sub: string;
  email: string;
  /** Microsoft tenant id claim; omit to act like a provider without one */
  tid?: string;
  /** Microsoft object id claim */
  oid?: string;
  name?: string;
}

export interface OidcPeer {
  /** issuer URL, e.g. http://127.0.0.1:4010 — pass as OIDC_ISSUER */
  issuer: string;
  port: number;
  accounts: OidcPeerAccount[];
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A local OpenID Connect provider (oidc-provider 9) for the API tests and the browser tests
 * (issue 2 §3: "tested end to end against a local OIDC provider").
 *
 * Sign-in needs no typing when the authorization request carries `login_hint` naming an
 * account (its e-mail or sub): the interaction finishes at once, so a test can follow the
 * redirects with plain fetch (see `followRedirects`). Without a hint it shows a one-field
 * form (for a browser). Consent is implied for the one registered client. Tokens carry
 * `tid`, `oid`, `email` and `preferred_username` in the ID token, like Microsoft's.
 */
export async function startOidcProvider(opts: {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** where the provider may send the browser after sign-out (default: none registered) */
  postLogoutRedirectUris?: string[];
  accounts: OidcPeerAccount[];
  /** more registered clients (issue 30: one provider serving several districts, each its own client) */
  extraClients?: { clientId: string; clientSecret: string; redirectUri: string }[];
}): Promise<OidcPeer> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = opts.accounts;
  const byHint = (hint: string) => {
    const h = hint.trim().toLowerCase();
    return accounts.find((a) => a.sub.toLowerCase() === h || a.email.toLowerCase() === h);
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      ...(opts.extraClients ?? []).map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
    ],
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub', 'tid', 'oid'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Microsoft puts tid/oid/email in the ID token; the app reads them from there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const a = accounts.find((x) => x.sub === id);
      if (!a) return undefined;
      return {
        accountId: a.sub,
        claims: () => ({
          sub: a.sub,
          ...(a.tid ? { tid: a.tid } : {}),
          ...(a.oid ? { oid: a.oid } : {}),
          email: a.email,
          email_verified: true,
          name: a.name ?? a.email,
          preferred_username: a.email,
        }),
      };
    },
    // The one client is first-party: grant what it asks for without a consent screen.
    async loadExistingGrant(ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string | undefined; grantIdFor(clientId: string): string | undefined };
        provider: Provider;
      };
    }) {
      const { client, session, provider: p } = ctx.oidc;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return p.Grant.find(existing);
      if (!session.accountId) return undefined;
      const grant = new p.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['tid', 'oid', 'email', 'email_verified', 'name', 'preferred_username']);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });

  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!m) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== 'login') {
        // consent is implied by loadExistingGrant; anything else is a provider misconfiguration
        res.statusCode = 400;
        return res.end(`unexpected prompt ${details.prompt.name}`);
      }
      const hint =
        req.method === 'POST' && m[2]
          ? ((await readForm(req)).get('login') ?? '')
          : String(details.params.login_hint ?? '');
      const account = hint ? byHint(hint) : undefined;
      if (account) {
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
      }
      if (req.method === 'POST') {
        return await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'unknown account' },
          { mergeWithLastSubmission: false },
        );
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Local identity provider</title></head><body>
<main><h1>Sign in (local identity provider)</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/login">
<label for="login">Email</label> <input id="login" name="login" type="email" autocomplete="off" required>
<button type="submit">Sign in</button></form>
<p>Accounts: ${accounts.map((a) => escapeHtml(a.email)).join(', ')}</p></main></body></html>`);
    } catch (err) {
      res.statusCode = 400;
      res.end(err instanceof Error ? err.message : 'interaction failed');
    }
  });

  return {
    issuer,
    port,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows redirects with plain fetch, keeping cookies per origin (the provider's interaction
 * cookies), until `stopAt` accepts a Location (typically the app's callback URL, which a test
 * then injects into the app). Returns that URL.
 */
export async function followRedirects(
  start: string | URL,
  stopAt: (url: URL) => boolean,
  opts: { maxHops?: number } = {},
): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = new URL(start);
  for (let hop = 0; hop < (opts.maxHops ?? 15); hop++) {
    if (stopAt(url)) return url;
    const cookies = jar.get(url.origin) ?? new Map<string, string>();
    const res = await fetch(url, {
      redirect: 'manual',
      headers: cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now());
      if (!value || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    jar.set(url.origin, cookies);
    const location = res.headers.get('location');
    await res.arrayBuffer();
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`redirect chain stopped at ${url.pathname} with status ${res.status}`);
    }
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
