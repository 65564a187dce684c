import { describe, it, expect } from 'vitest';
import { formatBytes } from './bytes.js';

describe('formatBytes', () => {
  it('shows whole bytes below 1 KiB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Byte');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
  });

  it('uses binary units with two decimals', () => {
    expect(formatBytes(1024)).toBe('1.00 KiB');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(2 * 1024 ** 2)).toBe('2.00 MiB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GiB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500.00 MiB');
  });

  it('moves to the next unit instead of showing 1024.00', () => {
    expect(formatBytes(1024 ** 2 - 1)).toBe('1.00 MiB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1.00 GiB');
  });

  it('stops at GiB and shows junk as zero', () => {
    expect(formatBytes(2 * 1024 ** 4)).toBe('2048.00 GiB');
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});

describe('formatBytes in German', () => {
  it('uses the German decimal comma and no grouping', () => {
    expect(formatBytes(512, 'de-DE')).toBe('512 Bytes');
    expect(formatBytes(1536, 'de-DE')).toBe('1,50 KiB');
    expect(formatBytes(1024 ** 2 - 1, 'de-DE')).toBe('1,00 MiB');
    expect(formatBytes(2 * 1024 ** 4, 'de-DE')).toBe('2048,00 GiB');
  });
});
