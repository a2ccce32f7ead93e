export interface OutgoingSms {
  to: string;
  body: string;
}

export interface SmsTransport {
  send(message: OutgoingSms): Promise<void>;
}

/**
 * HTTP SMS API client: POST {to, body} as JSON with a bearer token. Most SMS gateways
 * accept this shape directly or through a small relay.
 */
export function createHttpSmsTransport(url: string, token?: string): SmsTransport {
  return {
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
