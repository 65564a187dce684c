import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityJournal, Revocations } from './access-journal.js';

describe('revocations and the activity report', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-journal-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a user's tokens issued until the cut-off, closes their sockets, and remembers it across a restart", async () => {
    const revocations = new Revocations(dataDir);
    const now = Date.now();
    const old = { sid: 'srv1', sub: 'user1', perms: ['console' as const], exp: 2_000_000_000, iat: now - 1_000 };
    const other = { ...old, sub: 'user2' };
    const closed: string[] = [];
    revocations.track(old, () => closed.push('user1'));
    revocations.track(other, () => closed.push('user2'));
    expect(revocations.isRevoked(old)).toBe(false);
    expect(await revocations.revoke('srv1', 'user1', now)).toBe(1);
    expect(closed).toEqual(['user1']);
    expect(revocations.isRevoked(old)).toBe(true);
    expect(revocations.isRevoked({ ...old, iat: now + 1 })).toBe(false);
    expect(revocations.isRevoked({ ...old, iat: undefined })).toBe(true);
    expect(revocations.isRevoked(other)).toBe(false);
    expect(revocations.isRevoked({ ...old, sid: 'srv2' })).toBe(false);

    const restarted = new Revocations(dataDir);
    await restarted.load();
    expect(restarted.isRevoked(old)).toBe(true);
    expect(restarted.isRevoked(other)).toBe(false);
  });

  it('keeps entries until the API acknowledges them, in order, with increasing numbers', async () => {
    const journal = new ActivityJournal(dataDir);
    await journal.record('srv1', { user: 'u', kind: 'console', action: 'command', detail: 'say one' });
    await journal.record('srv1', { user: 'u', kind: 'files', action: 'write', detail: '/a.txt' });
    await journal.record('srv2', { user: 'v', kind: 'files', action: 'delete', detail: '/b.txt' });
    const first = await journal.read('srv1', 0);
    expect(first.map((e) => e.detail)).toEqual(['say one', '/a.txt']);
    expect(first[1]!.seq).toBeGreaterThan(first[0]!.seq);
    // Reading after the first acknowledges it: it is dropped, the second stays.
    expect((await journal.read('srv1', first[0]!.seq)).map((e) => e.detail)).toEqual(['/a.txt']);
    expect((await journal.read('srv1', 0)).map((e) => e.detail)).toEqual(['/a.txt']);
    expect((await journal.read('srv2', 0)).map((e) => e.detail)).toEqual(['/b.txt']);
    await journal.forget('srv2');
    expect(await journal.read('srv2', 0)).toEqual([]);
  });
});
