import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfinedFolder } from './confined-folder.js';
import { archiveFolder } from './folder-archive.js';

const MIB = 1024 * 1024;
let folder: string;
let file: string;

beforeEach(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'folder-archive-'));
  folder = path.join(base, 'server');
  file = path.join(base, 'backup.tar.gz');
  await mkdir(folder);
  // Large enough that it is still being read when the first bytes come out.
  // Incompressible, as region files are (tar refuses archives that inflate over 1000 times).
  await writeFile(path.join(folder, 'region.mca'), randomBytes(16 * MIB));
  await writeFile(path.join(folder, 'level.dat'), 'level');
});
afterEach(async () => {
  await rm(path.dirname(folder), { recursive: true, force: true });
});

/** Sizes of the entries of a .tar.gz, by path. */
async function entrySizes(archive: string): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  await tar.t({ file: archive, onReadEntry: (entry) => void (sizes[entry.path] = entry.size ?? 0) });
  return sizes;
}

describe('archiveFolder', () => {
  it('archives the folder in one attempt when nothing changes', async () => {
    const attempts = await archiveFolder(new ConfinedFolder(folder, undefined), file, { signal: new AbortController().signal, onBytes: () => {} });
    expect(attempts).toBe(1);
    expect(await entrySizes(file)).toMatchObject({ './region.mca': 16 * MIB, './level.dat': 5 });
  });

  it('starts over when the server rewrites a file while it is read, and archives the file as it is afterwards', async () => {
    const onBytes = onEachStart(() => {
      if (onBytes.starts() === 1) void truncate(path.join(folder, 'region.mca'), 4 * MIB);
    });
    const attempts = await archiveFolder(new ConfinedFolder(folder, undefined), file, { signal: new AbortController().signal, onBytes });
    expect(attempts).toBe(2);
    expect(await entrySizes(file)).toMatchObject({ './region.mca': 4 * MIB, './level.dat': 5 });
  });

  it('gives up after three attempts when the folder never holds still', async () => {
    let size = 16 * MIB;
    const onBytes = onEachStart(() => {
      size -= MIB;
      void truncate(path.join(folder, 'region.mca'), size);
    });
    await expect(archiveFolder(new ConfinedFolder(folder, undefined), file, { signal: new AbortController().signal, onBytes })).rejects.toMatchObject({ code: 'EOF' });
    expect(onBytes.starts()).toBe(3);
  });

  it('does not start over when cancelled', async () => {
    const controller = new AbortController();
    const onBytes = onEachStart(() => controller.abort());
    await expect(archiveFolder(new ConfinedFolder(folder, undefined), file, { signal: controller.signal, onBytes })).rejects.toMatchObject({ name: 'AbortError' });
    expect(onBytes.starts()).toBe(1);
  });
});

/**
 * A progress callback that runs `action` once per attempt (the count restarts from zero), when the
 * attempt has read its first mebibyte: in the middle of region.mca, after it was opened.
 */
function onEachStart(action: () => void) {
  let last = Infinity;
  let starts = 0;
  let fired = false;
  const onBytes = (total: number) => {
    if (total < last) {
      starts++;
      fired = false;
    }
    if (!fired && total >= MIB) {
      fired = true;
      action();
    }
    last = total;
  };
  return Object.assign(onBytes, { starts: () => starts });
}
