import { strToU8, zipSync } from 'fflate';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { scanZip, ZipLimitError, type ZipScanLimits } from './zip-entries.js';

const LIMITS: ZipScanLimits = { maxEntries: 10, maxEntryBytes: 1024, maxTotalBytes: 1500 };

const open = (entries: Record<string, string>) =>
  yauzl.fromBufferPromise(Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])))), { lazyEntries: true });

describe('scanZip', () => {
  it('lists every name and inflates only the wanted entries', async () => {
    const zip = await open({ 'a.txt': 'alpha', 'b/c.txt': 'gamma', 'd.txt': 'delta' });
    const scan = await scanZip(zip, { wanted: (n) => n === 'd.txt', limits: LIMITS });
    expect(scan.names).toEqual(['a.txt', 'b/c.txt', 'd.txt']);
    expect([...scan.contents.keys()]).toEqual(['d.txt']);
    expect(scan.contents.get('d.txt')!.toString()).toBe('delta');
  });

  it('stops once done, and can leave the names out', async () => {
    const zip = await open({ 'index.json': '{}', 'rest.txt': 'x' });
    const scan = await scanZip(zip, { wanted: (n) => n === 'index.json', limits: LIMITS, done: (s) => s.contents.size === 1, listNames: false });
    expect(scan.names).toEqual([]);
    expect(scan.contents.get('index.json')!.toString()).toBe('{}');
    zip.close();
  });

  it('refuses too many entries, an entry too large and too many bytes in all', async () => {
    const many = await open(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`${i}.txt`, 'x'])));
    await expect(scanZip(many, { wanted: () => false, limits: LIMITS })).rejects.toThrow(new ZipLimitError('it has 11 entries; at most 10 are read'));
    const large = await open({ 'big.txt': 'x'.repeat(1025) });
    await expect(scanZip(large, { wanted: () => true, limits: LIMITS })).rejects.toThrow("'big.txt' inflates to more than 1024 bytes");
    const total = await open({ 'one.txt': 'x'.repeat(1000), 'two.txt': 'y'.repeat(1000) });
    await expect(scanZip(total, { wanted: () => true, limits: LIMITS })).rejects.toThrow('the entries read inflate to more than 1500 bytes in all');
  });
});
