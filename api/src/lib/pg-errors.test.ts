import { describe, expect, it } from 'vitest';
import { PoolTimeoutError } from '../db/client.js';
import { isDatabaseTimeout, isDatabaseUnavailable, isUniqueViolation } from './pg-errors.js';

/** An error as drizzle throws it: the driver's error in `cause`. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code }) });

describe('database error classes', () => {
  it('counts refused, dropped, starting-up and pool-wait errors as unavailable', () => {
    for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006', '53300']) {
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new PoolTimeoutError(1000))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([wrapped('ECONNREFUSED')]), {}))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('23505'))).toBe(false);
  });

  it('tells server-side time limits apart from unavailability and from wrong queries', () => {
    for (const code of ['57014', '55P03', '25P03']) {
      expect(isDatabaseTimeout(wrapped(code)), code).toBe(true);
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(false);
    }
    expect(isDatabaseTimeout(wrapped('42P01'))).toBe(false);
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
  });
});
