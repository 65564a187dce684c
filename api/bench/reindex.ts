import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_DATA_DIR } from './data-dir.js';

/**
 * `npm run cli -- reindex` against the benchmark's catalogue (it joins the running servers);
 * prints its output (with progress) and returns the seconds it reports.
 */
export async function reindexBenchCatalogue(): Promise<number> {
  const cli = spawn(process.execPath, ['--enable-source-maps', fileURLToPath(new URL('../src/cli.js', import.meta.url)), 'reindex'], {
    env: { ...process.env, CAIRN_DATA_DIR: BENCH_DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  const seconds = /in ([\d.]+) s\./.exec(output)?.[1];
  if (code !== 0 || !seconds) throw new Error(`reindex failed (${code}): ${output}`);
  console.log(output.trim());
  return Number(seconds);
}
