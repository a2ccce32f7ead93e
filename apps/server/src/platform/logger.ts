import type { FastifyServerOptions } from 'fastify';

/**
 * Structured logs with request ids; personal data is never logged (security guide):
 * we log method, route and status, never bodies, cookies, tokens or query strings.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req) {
        return { method: req.method, url: String(req.url ?? '').split('?')[0], requestId: req.id };
      },
      res(res) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
