import type { FastifyReply } from 'fastify';

/**
 * Sends a body that is already JSON text (a cached, shared answer: building-read-cache.ts).
 * Fastify sends a string with a JSON content type as is, skipping the route's serializer; the
 * text was produced from the same typed values the route's response schema describes, which
 * still documents it in OpenAPI. The cast only silences the type provider's object type.
 */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type('application/json').send(text as never);
}
