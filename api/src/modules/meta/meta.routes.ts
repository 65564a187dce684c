import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SearchClient } from '../../lib/search-client.js';

const ApiInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  documentation: z.string(),
  about: z.string(),
});

const DependencyStatusSchema = z.object({ status: z.enum(['ok', 'unavailable']), latency_ms: z.number().nullable() });
const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: DependencyStatusSchema,
  search: DependencyStatusSchema,
});

export interface MetaDeps {
  db: Database;
  search: SearchClient;
  version: string;
  publicApiUrl: string;
}

async function timed(check: () => Promise<unknown>): Promise<z.infer<typeof DependencyStatusSchema>> {
  const start = performance.now();
  try {
    await check();
    return { status: 'ok', latency_ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { status: 'unavailable', latency_ms: null };
  }
}

/** `GET /` and `GET /v2/` describe the API; `GET /health` reports its dependencies. */
export const metaRoutes: FastifyPluginAsyncZod<MetaDeps> = async (app, deps) => {
  const info = {
    name: 'cairn-api',
    version: deps.version,
    documentation: `${deps.publicApiUrl}/v2/docs`,
    about: 'Cairn: community-made game add-ons, one API. Point a launcher at /v2.',
  };
  for (const url of ['/', '/v2/']) {
    app.get(url, { schema: { operationId: url === '/' ? 'getRoot' : 'getApiInfo', tags: ['meta'], response: { 200: ApiInfoSchema } } }, async () => info);
  }

  app.get(
    '/health',
    { schema: { operationId: 'getHealth', tags: ['meta'], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const [database, search] = await Promise.all([
        timed(() => deps.db.execute(sql`select 1`)),
        timed(() => deps.search.health()),
      ]);
      const status = database.status !== 'ok' ? 'unavailable' : search.status !== 'ok' ? 'degraded' : 'ok';
      return reply.code(status === 'unavailable' ? 503 : 200).send({ status, database, search });
    },
  );
};
