import { Meilisearch } from 'meilisearch';

export type SearchClient = Meilisearch;

/** The Meilisearch client; requests time out quickly so an outage never stalls the API. */
export function createSearchClient(options: { url: string; key: string }): SearchClient {
  return new Meilisearch({ host: options.url, apiKey: options.key, timeout: 5000 });
}
