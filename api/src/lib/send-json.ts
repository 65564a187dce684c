import type { FastifyReply } from 'fastify';

/**
 * Sends an already serialized JSON body. Fastify passes strings through untouched, so the
 * route's response schema still documents the shape (the text was built from that shape) but
 * is not applied a second time.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
