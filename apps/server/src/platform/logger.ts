import type { FastifyServerOptions } from 'fastify';

/** Where log lines go when not stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Error fields that describe what failed without carrying what was sent: SQLSTATE and the names
 * of the constraint, table and column. Everything else an error may carry is left out, in
 * particular `params` / `parameters` (DrizzleQueryError, PGlite), `detail` ('Key (email)=(…)
 * already exists'), `where`, `hint` and any request body a library attaches.
 */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'];

/**
 * Error messages quote values ('invalid input syntax for type integer: "Smith"', JSON.parse's
 * 'Unexpected token … "…" is not valid JSON') and Drizzle appends the parameters ('Failed query:
 * … \nparams: Smith,1961-07-23'). Keep the words, drop what is quoted and everything after
 * 'params:'.
 */
export function redactMessage(message: string): string {
  return message
    .replace(/\n?params:[\s\S]*$/, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'[redacted]'")
    .replace(/\)=\([\s\S]*?\)/g, ')=([redacted])')
    .slice(0, 2000);
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Stack frames only: the first line of `stack` repeats the (unredacted) message. */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * The `err` serializer of every log line (issue 10 §5: database errors were logged with their
 * parameters, so names, dates of birth and notes reached the log). An allow-list: type, redacted
 * message, SQL text (placeholders only, never values), safe fields, stack frames, and the cause
 * chain serialized the same way.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[non-error value redacted]', stack: '' };
  const e = err as Error & Record<string, unknown>;
  // Drizzle's message repeats the statement (kept whole in `query`) and then the parameters
  const message = typeof e.query === 'string' && e.message.startsWith('Failed query:') ? 'Failed query' : e.message;
  const out: SerializedError = {
    type: e.constructor?.name ?? 'Error',
    message: redactMessage(message),
    stack: frames(e.stack) ?? '',
  };
  // DrizzleQueryError keeps the statement in `query` (with $1 … placeholders); PGlite errors too.
  if (typeof e.query === 'string') out.query = e.query.slice(0, 2000);
  for (const key of SAFE_ERROR_FIELDS) {
    const v = e[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * Structured logs with request ids; personal data is never logged (security guide): method,
 * route template and status, never bodies, cookies, tokens, query strings or path values
 * (issue 10 §5: '/api/imports/<anything>' would otherwise log whatever the client typed).
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      // belt and braces behind the serializers: any of these keys, wherever a caller logs them
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'body',
        'params',
        'query',
        'parameters',
        'req.body',
        'req.query',
        'req.params',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req) {
        const r = req as typeof req & { routeOptions?: { url?: string } };
        return { method: req.method, route: r.routeOptions?.url ?? '(no route)', requestId: req.id };
      },
      res(res) {
        return { statusCode: res.statusCode };
      },
      err: serializeError,
    },
  };
}
