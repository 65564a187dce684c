import { spawnSync } from 'node:child_process';
import { chown } from 'node:fs/promises';

/** When tests run as root, the embedded PostgreSQL runs as `postgres` and must own its folder. */
export async function chownForPostgres(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isInteger(uid) && uid > 0) await chown(dir, uid, gid);
}
