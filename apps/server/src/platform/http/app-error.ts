import type { TErrorCode } from '@sv/contracts';

/** The one error type services throw (architecture guide §6). */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** One place maps codes to HTTP statuses. */
export const STATUS_OF: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_FAILED: 424,
};

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You do not have permission to do that.') => new AppError('FORBIDDEN', what);
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('VALIDATION_FAILED', message, fieldErrors);
export const conflict = (message: string) => new AppError('CONFLICT', message);
