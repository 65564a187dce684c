import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The monorepo root (where pnpm-workspace.yaml is), so relative data folders mean the same from any package. */
export function workspaceRoot(from = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return resolve(from);
  }
}
