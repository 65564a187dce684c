import { z } from 'zod';
import { addProblem } from './env-values.js';
import type { InstanceEnv } from './instance.js';

const HOST_PORT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?):\d{1,5}$/i;

/** Cairn's own image proxy for images in user-written markdown (docs/operations.md, "Image proxy"). */
export const imageProxySchema = z.object({
  /** `on`: markdown images from other hosts load through /v2/image-proxy; `off`: they load straight from their origin. */
  IMAGE_PROXY: z.enum(['on', 'off']).default('on'),
  /** How long a fetched image is served from the file store before it is fetched again. */
  IMAGE_PROXY_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** How long a failed fetch is answered from memory of it, so a bad URL cannot be used to hammer an origin. */
  IMAGE_PROXY_FAILURE_TTL_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Largest image body fetched from an origin. */
  IMAGE_PROXY_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Largest image decoded, in pixels (width × height × frames). */
  IMAGE_PROXY_MAX_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  /** Wider images are scaled down to this width. */
  IMAGE_PROXY_MAX_WIDTH: z.coerce.number().int().min(16).max(16_384).default(2048),
  /** Deadline of a whole fetch (redirects included), and of the TCP connect alone. */
  IMAGE_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  IMAGE_PROXY_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  /**
   * Development and tests only: exact `host:port` pairs (comma separated) the proxy may fetch
   * from although they resolve to loopback or private addresses.
   */
  IMAGE_PROXY_ALLOW_HOSTS: z
    .string()
    .refine((v) => v.split(',').every((pair) => HOST_PORT.test(pair.trim())), 'must be comma-separated host:port pairs (e.g. 127.0.0.1:4567)')
    .optional(),
});

export type ImageProxyEnv = z.infer<typeof imageProxySchema>;

export interface ImageProxyConfig {
  enabled: boolean;
  /** The prefix the website appends an encoded image URL to (undefined when the proxy is off). */
  publicUrl: string | undefined;
  ttlSeconds: number;
  failureTtlSeconds: number;
  maxBytes: number;
  maxPixels: number;
  maxWidth: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  allowHosts: string[];
}

export interface ImageProxySection {
  imageProxy: ImageProxyConfig;
}

/** The allow-list opens loopback and private addresses to user-chosen URLs: never in production. */
export function checkImageProxy(env: ImageProxyEnv & Pick<InstanceEnv, 'NODE_ENV'>, ctx: z.RefinementCtx): void {
  if (env.IMAGE_PROXY_ALLOW_HOSTS && env.NODE_ENV === 'production') {
    addProblem(ctx, 'IMAGE_PROXY_ALLOW_HOSTS', 'is for development and tests only; leave it unset when NODE_ENV=production');
  }
}

/** The route's path under the API (kept beside its public URL so the two cannot drift). */
export const IMAGE_PROXY_PATH = '/v2/image-proxy';

export function imageProxySection(env: ImageProxyEnv, publicApiUrl: string): ImageProxySection {
  const enabled = env.IMAGE_PROXY === 'on';
  return {
    imageProxy: {
      enabled,
      publicUrl: enabled ? `${publicApiUrl}${IMAGE_PROXY_PATH}?url=` : undefined,
      ttlSeconds: env.IMAGE_PROXY_TTL_SECONDS,
      failureTtlSeconds: env.IMAGE_PROXY_FAILURE_TTL_SECONDS,
      maxBytes: env.IMAGE_PROXY_MAX_BYTES,
      maxPixels: env.IMAGE_PROXY_MAX_PIXELS,
      maxWidth: env.IMAGE_PROXY_MAX_WIDTH,
      timeoutMs: env.IMAGE_PROXY_TIMEOUT_MS,
      connectTimeoutMs: env.IMAGE_PROXY_CONNECT_TIMEOUT_MS,
      allowHosts: [...new Set((env.IMAGE_PROXY_ALLOW_HOSTS ?? '').split(',').map((pair) => pair.trim().toLowerCase()).filter(Boolean))],
    },
  };
}
