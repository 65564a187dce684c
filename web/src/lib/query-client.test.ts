import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, ResponseShapeError } from './api-client';
import { shouldRetry } from './query-client';

const httpError = (status: number) => new HttpError(status, undefined, 'x', 'GET', '/v2/x');

describe('shouldRetry', () => {
  it('never retries client errors or contract mismatches', () => {
    expect(shouldRetry(0, httpError(400))).toBe(false);
    expect(shouldRetry(0, httpError(404))).toBe(false);
    expect(shouldRetry(0, httpError(429))).toBe(false);
    expect(shouldRetry(0, new ResponseShapeError('GET', '/v2/x', 'bad'))).toBe(false);
  });

  it('retries server and network failures a limited number of times', () => {
    expect(shouldRetry(0, httpError(503))).toBe(true);
    expect(shouldRetry(1, new NetworkError('GET', '/v2/x'))).toBe(true);
    expect(shouldRetry(2, httpError(503))).toBe(false);
    expect(shouldRetry(0, httpError(501))).toBe(false);
  });
});
