import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfinedFolder, pathParts } from './confined-folder.js';
import { packTar } from './tar-stream.js';

/**
 * A running server may swap any folder of its own for a link to the host at any moment. Here a
 * separate process does that as fast as it can while the agent's operations run through the
 * folder: none of them may ever read from or write to the link's target.
 */
describe('a folder whose contents swap for links while the agent works in it', () => {
  let base: string;
  let root: string;
  let outside: string;
  let swapper: ChildProcess;
  let folder: ConfinedFolder;

  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'confined-race-'));
    root = path.join(base, 'server');
    outside = path.join(base, 'host');
    await fs.mkdir(path.join(root, 'world'), { recursive: true });
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'secret.txt'), 'top secret');
    await fs.writeFile(path.join(root, 'world', 'level.dat'), 'level');
    folder = new ConfinedFolder(root, undefined);
    // world is a folder one moment and a link to the host the next; notes.txt a file one moment
    // and (replaced atomically) a link to the host's secret the next; and back, forever.
    const loop = `
      const fs = require('fs');
      const [root, target] = process.argv.slice(1);
      const at = (name) => root + '/' + name;
      for (;;) {
        try { fs.renameSync(at('world'), at('world.real')); fs.symlinkSync(target, at('world')); fs.unlinkSync(at('world')); fs.renameSync(at('world.real'), at('world')); } catch {}
        try { fs.symlinkSync(target + '/secret.txt', at('l')); fs.renameSync(at('l'), at('notes.txt')); fs.writeFileSync(at('f'), 'harmless'); fs.renameSync(at('f'), at('notes.txt')); } catch {}
      }`;
    swapper = spawn(process.execPath, ['-e', loop, root, outside], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(async () => {
    swapper?.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fs.rm(base, { recursive: true, force: true });
  });

  const attempt = async (work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch {
      return undefined; // refused or missing mid-swap: both are fine
    }
  };

  it('never writes, renames into or deletes in the link’s target', async () => {
    for (let i = 0; i < 300; i++) {
      await attempt(() => folder.writeFile(pathParts(`/world/planted-${i}.txt`), 'planted'));
      await attempt(() => folder.mkdir(pathParts(`/world/made-${i}`)));
      await attempt(() => folder.remove(pathParts('/world/secret.txt')));
      await attempt(() => folder.rename(pathParts('/moved.txt'), pathParts('/world/moved.txt')));
      await attempt(() => folder.writeFile(pathParts('/moved.txt'), 'x'));
      await attempt(() => folder.writeFile(pathParts('/notes.txt'), 'overwritten'));
    }
    expect(await fs.readdir(outside)).toEqual(['secret.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('never reads, lists, sizes or archives the link’s target', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 300; i++) {
      const read = await attempt(() => folder.readText(pathParts('/world/secret.txt')));
      if (typeof read === 'string') seen.push(read);
      const notes = await attempt(() => folder.readText(pathParts('/notes.txt')));
      if (notes === 'top secret') seen.push('read the secret through notes.txt');
      const listed = (await attempt(() => folder.list(pathParts('/world')))) as Array<{ name: string }> | undefined;
      if (listed?.some((entry) => entry.name === 'secret.txt')) seen.push('listed secret.txt');
    }
    for (let i = 0; i < 10; i++) {
      const archived = await attempt(() => text(Readable.from(packTar([{ folder, parts: [], as: '.' }]))));
      if (typeof archived === 'string' && archived.includes('top secret')) seen.push('archived the secret');
      const size = (await attempt(() => folder.size())) as number | undefined;
      // level.dat (5) and what the first test left behind, never the secret's 10 bytes on top of a full walk of the host.
      if (size !== undefined && size > 10_000) seen.push(`size ${size}`);
    }
    expect(seen).toEqual([]);
  });
});

describe('paths from clients', () => {
  it('are read as rooted at the folder, with no way up', () => {
    expect(pathParts('/')).toEqual([]);
    expect(pathParts('../../etc/passwd')).toEqual(['etc', 'passwd']);
    expect(pathParts('world\\..\\..\\x')).toEqual(['x']);
    expect(pathParts('/a/./b//c/')).toEqual(['a', 'b', 'c']);
    expect(() => pathParts('a\0b')).toThrow(/inside the server folder/);
  });
});
