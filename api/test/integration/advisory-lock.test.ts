import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvisoryLockTimeoutError, withAdvisoryLock } from '../../src/db/advisory-lock.js';
import { createTestContext, type TestContext } from '../harness.js';
import { eventually } from '../helpers/eventually.js';

/** The session-level advisory lock billing holds across calls to the payment processor. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const until = (condition: () => boolean, what: string) => eventually(async () => (condition() ? true : undefined), 10_000, what, 10);

/** Sessions of this database holding a granted advisory lock, and whether each is inside a transaction. */
const lockHolders = async () =>
  [
    ...(await db().execute<{ in_transaction: boolean }>(
      sql`select a.xact_start is not null as in_transaction from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.granted and a.datname = current_database()`,
    )),
  ].map((row) => row.in_transaction);

/** Sessions of this database waiting for an advisory lock another holds. */
const lockWaiters = async () =>
  [...(await db().execute(sql`select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and not l.granted and a.datname = current_database()`))].length;

describe('withAdvisoryLock', () => {
  it('serializes holders of one key (not of different keys) with no transaction open while they run', async () => {
    const order: string[] = [];
    const release = gate();
    const first = withAdvisoryLock(db(), 'test-lock:a', { timeoutMs: 5_000 }, async () => {
      order.push('first in');
      await release.opened;
      order.push('first out');
    });
    await until(() => order.length === 1, 'the first holder inside');
    expect(await lockHolders()).toEqual([false]);
    const second = withAdvisoryLock(db(), 'test-lock:a', { timeoutMs: 5_000 }, async () => {
      order.push('second');
    });
    expect(await withAdvisoryLock(db(), 'test-lock:b', { timeoutMs: 5_000 }, async () => 'another key does not wait')).toBe('another key does not wait');
    // The second holder is queued behind the first inside PostgreSQL: it has made its move and waits.
    await eventually(async () => ((await lockWaiters()) === 1 ? true : undefined), 10_000, 'the second holder waiting for the lock', 10);
    expect(order).toEqual(['first in']);
    release.open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
    expect(await lockHolders()).toEqual([]);
  });

  it('gives up after its timeout, and frees the lock when the holder throws', async () => {
    const release = gate();
    let entered = false;
    const holder = withAdvisoryLock(db(), 'test-lock:c', { timeoutMs: 5_000 }, async () => {
      entered = true;
      await release.opened;
      throw new Error('the holder failed');
    });
    await until(() => entered, 'the holder inside');
    await expect(withAdvisoryLock(db(), 'test-lock:c', { timeoutMs: 100 }, async () => 'never')).rejects.toBeInstanceOf(AdvisoryLockTimeoutError);
    release.open();
    await expect(holder).rejects.toThrow('the holder failed');
    expect(await withAdvisoryLock(db(), 'test-lock:c', { timeoutMs: 1_000 }, async () => 'free again')).toBe('free again');
    // The connections go back to the pool with their own timeouts.
    const settings = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const [row] = await db().execute<{ lock: string; statement: string }>(sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`);
        return `${row!.lock} ${row!.statement}`;
      }),
    );
    expect(new Set(settings).size).toBe(1);
    expect(settings[0]).not.toMatch(/^100ms /);
  });
});
