import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ImageProxyConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { checkUrl, OutboundError, safeFetch, type OutboundFailure, type OutboundPolicy } from '../../lib/outbound/safe-fetch.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { deleteExpiredEntries, findEntry, upsertEntry, type ImageProxyEntry } from './image-proxy.repository.js';
import { reencodeImage } from './image-reencoding.js';

export interface ProxiedImage {
  contentType: string;
  size: number;
  stream: Readable;
  /** How long browsers may keep it. */
  maxAgeSeconds: number;
}

export interface ImageProxyDeps {
  db: Database;
  files: FileStore;
  config: ImageProxyConfig;
  /** The current time (tests move it to see entries expire). */
  now?: () => Date;
  /** Host name resolution for the outbound fetch (tests resolve names of their own). */
  resolve?: OutboundPolicy['resolve'];
}

/** Each outbound failure as the answer the proxy gives (and keeps for the failure TTL). */
const FAILURES: Record<OutboundFailure, { status: number; code: string }> = {
  invalid_url: { status: 400, code: 'invalid_input' },
  refused: { status: 403, code: 'refused_url' },
  host_not_found: { status: 422, code: 'host_not_found' },
  too_large: { status: 413, code: 'image_too_large' },
  timeout: { status: 504, code: 'origin_timeout' },
  origin_error: { status: 502, code: 'origin_error' },
};

const USER_AGENT = 'Cairn-ImageProxy/1 (+image proxy of a Cairn instance)';

/**
 * Cairn's own image proxy: external images of user-written markdown, fetched through the
 * SSRF-safe client (lib/outbound), re-encoded, and kept in the file store for the TTL, with a
 * database entry per URL (sha-256 of the URL) saying where, or which failure to repeat.
 */
export function createImageProxyService(deps: ImageProxyDeps) {
  const { db, files, config } = deps;
  const now = deps.now ?? (() => new Date());
  const policy: OutboundPolicy = {
    allowHosts: config.allowHosts,
    maxBytes: config.maxBytes,
    timeoutMs: config.timeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    maxRedirects: 5,
    resolve: deps.resolve,
  };
  // Concurrent requests for one URL share a single fetch, in this process.
  const inFlight = new Map<string, Promise<ImageProxyEntry>>();

  async function fetchEntry(href: string, urlHash: string): Promise<ImageProxyEntry> {
    const fetched = now();
    const entry: ImageProxyEntry = { urlHash, blobKey: null, contentType: null, failureStatus: null, failureCode: null, failureDescription: null, fetched, expires: fetched };
    try {
      const response = await safeFetch(href, policy, { headers: { 'user-agent': USER_AGENT, accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8' } });
      const image = await reencodeImage(response.body, config);
      const stored = await files.put(image.data, { maxBytes: image.data.length, extension: image.extension });
      entry.blobKey = stored.key;
      entry.contentType = image.contentType;
      entry.expires = new Date(fetched.getTime() + config.ttlSeconds * 1000);
    } catch (error) {
      const failure =
        error instanceof OutboundError
          ? { ...FAILURES[error.failure], description: `url: ${error.message}` }
          : error instanceof ApiError && error.statusCode < 500
            ? { status: error.statusCode, code: error.code, description: error.description }
            : undefined;
      if (!failure) throw error;
      entry.failureStatus = failure.status;
      entry.failureCode = failure.code;
      entry.failureDescription = failure.description;
      entry.expires = new Date(fetched.getTime() + config.failureTtlSeconds * 1000);
    }
    const replaced = await upsertEntry(db, entry);
    if (replaced && replaced !== entry.blobKey) await deleteUnreferencedBlobs(db, files, [replaced]);
    return entry;
  }

  function refresh(href: string, urlHash: string): Promise<ImageProxyEntry> {
    let pending = inFlight.get(urlHash);
    if (!pending) {
      pending = fetchEntry(href, urlHash).finally(() => inFlight.delete(urlHash));
      inFlight.set(urlHash, pending);
    }
    return pending;
  }

  async function answer(entry: ImageProxyEntry): Promise<ProxiedImage | undefined> {
    if (entry.failureStatus !== null) {
      throw new ApiError(entry.failureStatus, entry.failureCode ?? 'origin_error', entry.failureDescription ?? 'url: the image could not be fetched');
    }
    const blob = entry.blobKey ? await files.read(entry.blobKey) : undefined;
    if (!blob) return undefined;
    const maxAgeSeconds = Math.max(60, Math.floor((entry.expires.getTime() - now().getTime()) / 1000));
    return { contentType: entry.contentType ?? 'application/octet-stream', size: blob.size, stream: blob.stream, maxAgeSeconds };
  }

  return {
    /** The image at `rawUrl`, from the store while its entry lasts, else fetched now. */
    async proxyImage(rawUrl: string): Promise<ProxiedImage> {
      let href: string;
      try {
        href = checkUrl(rawUrl).url.href;
      } catch (error) {
        if (error instanceof OutboundError) throw badRequest(`url: ${error.message}`);
        throw error;
      }
      const urlHash = createHash('sha256').update(href).digest('hex');
      const cached = await findEntry(db, urlHash);
      if (cached && cached.expires > now()) {
        const image = await answer(cached);
        if (image) return image;
      }
      // Missing, expired, or its blob is gone (a restored backup carries no cache): fetch again.
      const image = await answer(await refresh(href, urlHash));
      if (!image) throw new ApiError(502, 'origin_error', 'url: the fetched image could not be kept');
      return image;
    },

    /** Deletes expired entries and the blobs only they held; answers how many expired images there were. */
    async sweepExpired(): Promise<number> {
      const keys = await deleteExpiredEntries(db, now());
      await deleteUnreferencedBlobs(db, files, keys);
      return keys.length;
    },
  };
}

export type ImageProxyService = ReturnType<typeof createImageProxyService>;
