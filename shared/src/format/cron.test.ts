import { describe, expect, it } from 'vitest';
import { describeCron, isTimeZone, parseCron } from './cron.js';

const fields = (text: string) => {
  const parsed = parseCron(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.fields;
};

describe('parseCron', () => {
  it('reads numbers, ranges, lists and steps', () => {
    expect(fields('*/15 4 * * *').minute).toEqual([0, 15, 30, 45]);
    expect(fields('0 1-3,5 * * *').hour).toEqual([1, 2, 3, 5]);
    expect(fields('0 0 1 1 7').dayOfWeek).toEqual([0]);
    expect(fields('5/20 * * * *').minute).toEqual([5, 25, 45]);
    expect(fields('0 0-12/6 * * *').hour).toEqual([0, 6, 12]);
  });

  it('names the field of every error', () => {
    expect(parseCron('0 24 * * *')).toEqual({ ok: false, error: 'hour: 24 is outside 0–23' });
    expect(parseCron('60 * * * *')).toMatchObject({ error: /^minute: 60/ });
    expect(parseCron('0 0 0 * *')).toMatchObject({ error: /^day of month: 0 is outside 1–31/ });
    expect(parseCron('0 0 * 13 *')).toMatchObject({ error: /^month: 13/ });
    expect(parseCron('0 0 * * 8')).toMatchObject({ error: /^day of week: 8/ });
    expect(parseCron('0 5-2 * * *')).toMatchObject({ error: /^hour: the range "5-2" runs backwards/ });
    expect(parseCron('*/0 * * * *')).toMatchObject({ error: /^minute: the step/ });
    expect(parseCron('0 0 * * mon')).toMatchObject({ error: /^day of week: "mon" is not a number/ });
    expect(parseCron('0 0,, * * *')).toMatchObject({ error: /^hour: an empty item/ });
    expect(parseCron('0 4 * *')).toMatchObject({ error: /^expected 5 fields .*got 4/ });
    expect(parseCron('')).toMatchObject({ error: /got 0/ });
  });
});

describe('describeCron', () => {
  it('recognises the common shapes', () => {
    expect(describeCron(fields('0 4 * * *'))).toEqual({ kind: 'daily', times: [{ hour: 4, minute: 0 }] });
    expect(describeCron(fields('0 */6 * * *'))).toEqual({ kind: 'every_hours', hours: 6, minute: 0 });
    expect(describeCron(fields('*/10 * * * *'))).toEqual({ kind: 'every_minutes', minutes: 10 });
    expect(describeCron(fields('30 5 * * 1,5'))).toEqual({ kind: 'weekly', days: [1, 5], times: [{ hour: 5, minute: 30 }] });
    expect(describeCron(fields('0 0 1 * *'))).toEqual({ kind: 'monthly', days: [1], times: [{ hour: 0, minute: 0 }] });
    expect(describeCron(fields('0 0 1 6 *'))).toEqual({ kind: 'custom' });
  });
});

describe('isTimeZone', () => {
  it('accepts IANA names only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
