import type { FastifyReply, FastifyRequest } from 'fastify';
import { ATOM_CONTENT_TYPE } from '@cairn/shared/schemas/feeds';
import type { RenderedFeed } from './feeds.service.js';

/** Readers poll; a short public cache spares the database while new releases still show within minutes. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

/** Whether an If-None-Match list names `etag` (weak comparison, as RFC 9110 prescribes for it). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the client's copy is current: If-None-Match when sent, else If-Modified-Since (RFC 9110 §13.2.2). */
export function isNotModified(request: FastifyRequest, feed: RenderedFeed): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, feed.etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
}

/** Answers a feed: 304 without a body when the client's copy is current, else the document. */
export function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: RenderedFeed): FastifyReply {
  reply.header('etag', feed.etag).header('last-modified', feed.lastModified.toUTCString()).header('cache-control', FEED_CACHE_CONTROL);
  if (isNotModified(request, feed)) return reply.code(304).send();
  return reply.type(ATOM_CONTENT_TYPE).send(feed.xml);
}
