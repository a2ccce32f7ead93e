import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE (ADR 0051: no request into the server's own network). */
const PRIVATE = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export interface WebhookResponse {
  status: number;
  body: string;
}

/** longest a receiver may take to answer */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_KEPT = 500;

/**
 * POSTs one delivery. The address is checked where it is connected (the socket's own DNS lookup),
 * so a name that resolves to a private address is refused even if it changed since the last call;
 * redirects are not followed; the response is read up to 500 characters for the delivery log.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
        if (err) return callback(err, '', 4);
        if (!opts.allowPrivate && isPrivateAddress(String(address)))
          return callback(new Error('The receiver’s address is in a private network.'), '', 4);
        callback(null, address as string, family as number);
      });
    };
    const literal = net.isIP(target.hostname.replace(/^\[|\]$/g, ''));
    if (literal && !opts.allowPrivate && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, '')))
      return reject(new Error('The receiver’s address is in a private network.'));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'SafeVisitor-Webhooks/1', ...headers },
        lookup,
        timeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_RESPONSE_KEPT) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.slice(0, MAX_RESPONSE_KEPT) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The receiver did not answer within 10 seconds.')));
    req.on('error', reject);
    req.end(body);
  });
}
