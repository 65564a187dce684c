import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { downloadKey, verifyDownloadLink } from './download-links.js';

const key = downloadKey('node-token');
const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

describe('download links', () => {
  const expires = String(Math.floor(Date.now() / 1000) + 60);
  const link = { serverId: 's1', backupId: 'abcdef012345', expires, signature: sign(`s1/abcdef012345/${expires}`) };

  it('accepts a link signed for this backup before it expires', () => {
    expect(verifyDownloadLink(key, link)).toBe(true);
  });

  it('refuses other backups, later expiries, expired links and other keys', () => {
    expect(verifyDownloadLink(key, { ...link, backupId: 'abcdef012346' })).toBe(false);
    expect(verifyDownloadLink(key, { ...link, expires: String(Number(expires) + 1) })).toBe(false);
    expect(verifyDownloadLink(key, link, (Number(expires) + 1) * 1000)).toBe(false);
    expect(verifyDownloadLink(downloadKey('other'), link)).toBe(false);
  });
});
