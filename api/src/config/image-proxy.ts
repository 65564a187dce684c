import { z } from 'zod';

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
  /** The shared outbound allow-list (config/outbound.ts). */
  allowHosts: string[];
}

export interface ImageProxySection {
  imageProxy: ImageProxyConfig;
}

/** The route's path under the API (kept beside its public URL so the two cannot drift). */
export const IMAGE_PROXY_PATH = '/v2/image-proxy';

export function imageProxySection(env: ImageProxyEnv, publicApiUrl: string, allowHosts: string[]): ImageProxySection {
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
      allowHosts,
    },
  };
}
