import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentError } from './errors.js';

const escape = () => new AgentError(400, 'invalid_path', 'path: must stay inside the server folder');

/**
 * Maps a client path (always read as rooted at the server folder: "/", "world/level.dat",
 * "../x" and "/etc/passwd" all land inside it) to an absolute path, then checks with realpath
 * that no symlink on the way leads outside. `followLast: false` checks only the parent, so a
 * link itself can be renamed or deleted without touching its target.
 */
export async function resolveInside(root: string, clientPath: string, options: { followLast?: boolean } = {}): Promise<string> {
  if (clientPath.includes('\0')) throw escape();
  const normalized = path.posix.normalize(`/${clientPath.replace(/\\/g, '/')}`);
  // resolve (not join) drops the trailing slash, so "/" maps to exactly root.
  const target = path.resolve(root, `.${normalized}`);
  const realRoot = await fs.realpath(root);
  const followLast = options.followLast ?? true;
  const probe = followLast || target === path.resolve(root) ? target : path.dirname(target);
  const real = await realpathOfExisting(probe);
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw escape();
  return target;
}

/** realpath of the deepest existing ancestor joined with the rest (for paths about to be created). */
async function realpathOfExisting(p: string): Promise<string> {
  const rest: string[] = [];
  let current = p;
  for (;;) {
    try {
      const real = await fs.realpath(current);
      return path.join(real, ...rest.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = path.dirname(current);
      if (parent === current) throw error;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** The client-facing form of an absolute path inside root. */
export function toClientPath(root: string, absolute: string): string {
  const rel = path.relative(root, absolute).split(path.sep).join('/');
  return `/${rel}`;
}
