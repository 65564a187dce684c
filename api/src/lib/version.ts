import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The API package version (from api/package.json, found from src/ or dist/). */
export function apiVersion(): string {
  if (cached) return cached;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@cairn/api' && pkg.version) return (cached = pkg.version);
    } catch {
      /* keep walking up */
    }
  }
  return (cached = '0.0.0');
}
