import type { FastifyReply } from 'fastify';

/**
 * Sends an already serialized JSON body (text, or UTF-8 bytes). Fastify passes strings and
 * buffers through untouched, so the route's response schema still documents the shape (the
 * body was built from that shape) but is not applied a second time.
 */
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
