import { MESSAGES, type TErrorBody } from '@sv/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, STATUS_OF } from './app-error';

/**
 * Server-rendered windows (badges, exports, sample and error files) are opened by the browser
 * directly: a signed-out browser is sent to sign in and back, as the spec's 401 rule says.
 */
function windowLogin(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const path = request.url.toLowerCase();
  if (err.code !== 'UNAUTHENTICATED' || request.method !== 'GET' || path.startsWith('/api/')) return null;
  return reply.redirect(`/Account/Login?returnUrl=${encodeURIComponent(request.url)}`, 302);
}

/** Refusals an operator should notice among the routine ones (a probe, a lock-out, a tenant crossing). */
const WARN_CODES = new Set(['FORBIDDEN', 'RATE_LIMITED']);

/**
 * Every error answer is logged once, here (issue 25, audit 000 12.4: failures were only told to the
 * browser). What failed and where, never what was sent: the error code, the status, the method and
 * the route *template* (`/api/visitors/:id`, not the URL with its ids and query), the request id
 * (on every line). No bodies, messages, headers or path values (security guide; logger.ts). A
 * refusal (4xx) is 'request refused' at info, or warn for codes worth an operator's look; a
 * failure (5xx) is 'request failed' at error with the cause's stack (serialized by logger.ts).
 */
function logAnswer(request: FastifyRequest, err: AppError, status: number, cause?: unknown) {
  const fields = { code: err.code, status, method: request.method, route: request.routeOptions?.url ?? null };
  if (status >= 500) request.log.error({ ...fields, err: cause ?? err }, 'request failed');
  else if (WARN_CODES.has(err.code)) request.log.warn(fields, 'request refused');
  else request.log.info(fields, 'request refused');
}

function send(reply: FastifyReply, request: FastifyRequest, err: AppError, cause?: unknown) {
  logAnswer(request, err, STATUS_OF[err.code], cause);
  const redirect = windowLogin(request, reply, err);
  if (redirect) return redirect;
  const body: TErrorBody = { requestId: request.id, code: err.code, message: err.message };
  if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
  return reply.status(STATUS_OF[err.code]).type('application/json').send(body);
}

/** What an upload that cannot be read answers (issue 10 §2: malformed multipart answered 500). */
export const MULTIPART_MESSAGE = 'The upload could not be read. Send the file as multipart/form-data.';

/** The parser's own complaints about a malformed body (busboy, under @fastify/multipart). */
const BUSBOY_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot|Unsupported Content-Type\.|Missing Content-Type-header\.)/;

/**
 * A multipart body the parser could not read: missing or oversized boundary, truncated body,
 * a part that never ends, a prototype field name. busboy throws plain errors without a status,
 * so without this they fell through to 500 (issue 10 §2, on every upload route).
 */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (['FST_PROTO_VIOLATION', 'FST_MP_PREMATURE_CLOSE', 'FST_INVALID_JSON_FIELD_ERROR'].includes(error.code))
    return true;
  const multipart = typeof request.isMultipart === 'function' && request.isMultipart();
  if (!multipart || error.statusCode) return false;
  return BUSBOY_MESSAGES.test(error.message) || /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/**
 * Errors Fastify raises before routing (`frameworkErrors` option): a URL whose percent-escapes are
 * not UTF-8 ('%ED%A0%80', a lone surrogate) answered Fastify's own body, echoing the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'The address could not be read.' : 'The request could not be read.';
  return send(reply, request, new AppError('VALIDATION_FAILED', message));
}

/**
 * The one error handler (architecture guide §6): `{ requestId, code, message }`, never
 * SQL text or stack traces. Validation failures list messages per field.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = (issue.instancePath || '/').replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!fieldErrors[key]) fieldErrors[key] = [];
        fieldErrors[key].push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fieldErrors)[0];
      const message = first ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1][0]}` : 'Invalid request';
      return send(reply, request, new AppError('VALIDATION_FAILED', message, fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return send(reply, request, new AppError('INTERNAL', 'Something went wrong.'), error);
    }
    if (isMalformedMultipart(error, request))
      return send(reply, request, new AppError('VALIDATION_FAILED', MULTIPART_MESSAGE));
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return send(reply, request, new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, request, new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (or multipart for uploads).'));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, request, new AppError('PAYLOAD_TOO_LARGE', 'The file or request is too large.'));
    }
    if (status === 429) return send(reply, request, new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts));
    if (status >= 400 && status < 500) {
      return send(reply, request, new AppError('VALIDATION_FAILED', 'The request could not be read.'));
    }
    return send(reply, request, new AppError('INTERNAL', 'Something went wrong.'), error);
  });
}
