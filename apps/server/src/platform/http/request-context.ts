import type { TActor } from '@sv/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** What a service needs to know about the request: who, and a trace id. Built on the server only. */
export interface RequestCtx {
  actor: TActor;
  requestId: string;
  ip: string;
}

export function requireCtx(request: FastifyRequest): RequestCtx {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return { actor: request.actor, requestId: request.id, ip: request.ip };
}
