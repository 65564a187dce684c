import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Sql } from 'postgres';

/** Expired counters are deleted this often (by whichever process gets there). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in PostgreSQL, so several API processes share one quota per client: one
 * upsert per request that starts a new window once the old one ended. Only used when
 * `RATE_LIMIT_STORE=database`; a single process keeps its counters in memory.
 */
export function databaseRateLimitStore(sql: Sql): { Store: FastifyRateLimitStoreCtor; stop(): void } {
  const sweeper = setInterval(() => {
    sql`delete from ephemeral.rate_limits where reset_at <= now()`.catch(() => {});
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      sql<{ count: number; ttl: number }[]>`
        insert into ephemeral.rate_limits as r (key, count, reset_at)
        values (${prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`.then(
        ([row]) => callback(null, { current: row!.count, ttl: row!.ttl }),
        (error: Error) => callback(error),
      );
    },
    // Routes with their own limit count apart (the plugin hands over its merged parameters).
    child(params) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return storeFor(`${String(route?.method)} ${route?.url ?? params.path}:`);
    },
  });

  class DatabaseStore {
    constructor() {
      return storeFor('');
    }
  }
  return { Store: DatabaseStore as unknown as FastifyRateLimitStoreCtor, stop: () => clearInterval(sweeper) };
}
