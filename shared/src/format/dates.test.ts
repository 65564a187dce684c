import { describe, it, expect } from 'vitest';
import { formatDate, formatRelativeTime } from './dates.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says "just now" within a minute either way', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('just now');
    expect(formatRelativeTime(ago(59_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ahead(30_000), NOW)).toBe('just now');
  });

  it('counts down to the largest whole unit', () => {
    expect(formatRelativeTime(ago(MIN), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * MIN), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(89 * MIN), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR), NOW)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatRelativeTime(ago(13 * DAY), NOW)).toBe('1 week ago');
    expect(formatRelativeTime(ago(45 * DAY), NOW)).toBe('1 month ago');
    expect(formatRelativeTime(ago(364 * DAY), NOW)).toBe('12 months ago');
    expect(formatRelativeTime(ago(2 * 365 * DAY + DAY), NOW)).toBe('2 years ago');
  });

  it('speaks of the future', () => {
    expect(formatRelativeTime(ahead(3 * DAY), NOW)).toBe('in 3 days');
    expect(formatRelativeTime(ahead(2 * HOUR), NOW)).toBe('in 2 hours');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime('2026-11-21T11:55:00Z', '2026-11-21T12:00:00Z')).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW.getTime() - 2 * DAY, NOW.getTime())).toBe('2 days ago');
  });

  it('rejects invalid dates', () => {
    expect(() => formatRelativeTime('not a date', NOW)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('formats in en-US, UTC by default', () => {
    expect(formatDate('2026-11-21T05:07:00Z')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('Nov 21, 2026');
  });

  it('honours a time zone', () => {
    expect(formatDate('2026-11-21T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Nov 22, 2026');
  });

  it('can include a 24-hour time', () => {
    expect(formatDate('2026-11-21T05:07:00Z', { withTime: true })).toBe('Nov 21, 2026, 05:07 UTC');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('nope')).toThrow(RangeError);
  });
});

describe('dates in German', () => {
  it('counts relative time in German, with the German word for now', () => {
    expect(formatRelativeTime(ago(30_000), NOW, 'de-DE')).toBe('jetzt');
    expect(formatRelativeTime(ago(5 * MIN), NOW, 'de-DE')).toBe('vor 5 Minuten');
    expect(formatRelativeTime(ago(89 * MIN), NOW, 'de-DE')).toBe('vor 1 Stunde');
    expect(formatRelativeTime(ahead(3 * DAY), NOW, 'de-DE')).toBe('in 3 Tagen');
  });

  it('writes absolute dates the German way', () => {
    expect(formatDate('2026-11-21T05:07:00Z', { locale: 'de-DE' })).toBe('21. Nov. 2026');
    expect(formatDate('2026-11-21T23:30:00Z', { locale: 'de-DE', timeZone: 'Asia/Tokyo' })).toBe('22. Nov. 2026');
    expect(formatDate('2026-11-21T05:07:00Z', { locale: 'de-DE', withTime: true })).toBe('21. Nov. 2026, 05:07 UTC');
  });
});
