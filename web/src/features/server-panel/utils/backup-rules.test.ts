import type { ServerBackup } from '@cairn/shared/schemas/servers';
import { describe, expect, it } from 'vitest';
import { createBlockReason, defaultBackupName, quotaTone } from './backup-rules';

const backup = (name: string, state: ServerBackup['state'] = 'ready'): ServerBackup => ({
  id: name.padEnd(12, '0').slice(0, 12),
  name,
  state,
  size: 1,
  created: '2026-11-26T09:00:00.000Z',
  automated: false,
  locked: false,
  error: null,
  progress: null,
  download_url: null,
  download_expires: null,
});

describe('backup rules', () => {
  const base = { backups: [backup('a')], max: 4, installing: false, running: false, allowWhileRunning: false };

  it('gives the reason Create backup is disabled, installing and work in progress first', () => {
    expect(createBlockReason(base)).toBeNull();
    expect(createBlockReason({ ...base, installing: true })).toBe('installing');
    expect(createBlockReason({ ...base, backups: [backup('a', 'creating')] })).toBe('inProgress');
    expect(createBlockReason({ ...base, backups: [backup('a', 'preparing_download')] })).toBe('inProgress');
    expect(createBlockReason({ ...base, backups: ['a', 'b', 'c', 'd'].map((n) => backup(n)) })).toBe('full');
    expect(createBlockReason({ ...base, running: true })).toBe('running');
    expect(createBlockReason({ ...base, running: true, allowWhileRunning: true })).toBeNull();
  });

  it('colours the slots chip', () => {
    expect(quotaTone(1, 16)).toBe('normal');
    expect(quotaTone(13, 16)).toBe('warning');
    expect(quotaTone(1, 4)).toBe('warning');
    expect(quotaTone(4, 4)).toBe('danger');
  });

  it('names a new backup after the count, skipping names in use', () => {
    expect(defaultBackupName([])).toBe('Backup #1');
    expect(defaultBackupName([backup('Backup #2')])).toBe('Backup #3');
    expect(defaultBackupName([backup('x'), backup('Backup #2')])).toBe('Backup #3');
  });
});
