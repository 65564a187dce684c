import type { RateLimitCounters } from './rate-limit-counters.js';
import type { Sql } from 'postgres';

/** Expired counters are deleted this often (by whichever process gets there). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in PostgreSQL, so several API processes share one quota per client: one
 * upsert per request that starts a new window once the old one ended. Only used when
 * `RATE_LIMIT_STORE=database`; a single process keeps its counters in memory.
 */
export function databaseRateLimitStore(sql: Sql): { counters: RateLimitCounters; stop(): void } {
  const sweeper = setInterval(() => {
    sql`delete from ephemeral.rate_limits where reset_at <= now()`.catch(() => {});
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  const counters: RateLimitCounters = {
    hit(space, id, windowMs, callback) {
      const key = `${space}:${id}`;
      sql<{ count: number; ttl: number }[]>`
        insert into ephemeral.rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`.then(
        ([row]) => callback(null, { count: row!.count, ttlMs: row!.ttl }),
        (error: Error) => callback(error),
      );
    },
  };
  return { counters, stop: () => clearInterval(sweeper) };
}
