import { z } from 'zod';
import { addProblem, optionalUrl } from './env-values.js';

/** Meilisearch: an external server, or (unset) the embedded one. */
export const searchSchema = z.object({
  MEILISEARCH_URL: optionalUrl,
  MEILISEARCH_KEY: z.string().min(16).optional(),
  /** Prefix of every Meilisearch index name, so several instances can share one server. */
  MEILISEARCH_INDEX_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]*$/).default('cairn_'),
  /** How long identical searches share one answer (milliseconds; 0 turns it off). */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** How long a search or health check may take before the request answers 503 (milliseconds). */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** The limit of every other Meilisearch call: indexing, settings, tasks (milliseconds). */
  SEARCH_INDEXING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export type SearchEnv = z.infer<typeof searchSchema>;

export interface SearchSection {
  search: {
    url: string | undefined;
    key: string | undefined;
    indexPrefix: string;
    cacheMs: number;
    searchTimeoutMs: number;
    indexingTimeoutMs: number;
  };
}

export function checkSearch(env: SearchEnv, ctx: z.RefinementCtx): void {
  if (env.MEILISEARCH_URL && !env.MEILISEARCH_KEY) addProblem(ctx, 'MEILISEARCH_KEY', 'required when MEILISEARCH_URL is set');
}

export function searchSection(env: SearchEnv): SearchSection {
  return {
    search: {
      url: env.MEILISEARCH_URL,
      key: env.MEILISEARCH_KEY,
      indexPrefix: env.MEILISEARCH_INDEX_PREFIX,
      cacheMs: env.SEARCH_CACHE_MS,
      searchTimeoutMs: env.SEARCH_TIMEOUT_MS,
      indexingTimeoutMs: env.SEARCH_INDEXING_TIMEOUT_MS,
    },
  };
}
