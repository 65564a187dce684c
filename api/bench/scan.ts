import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { workspaceRoot } from '../src/config/workspace-root.js';
import { scanFileBytes } from '../src/modules/malware-scan/archive-scan.js';
import { loadRuleSet, type RuleSet } from '../src/modules/malware-scan/rule-set.js';

/**
 * BENCH_ONLY=scan: the malware scanner's throughput (docs/api/malware.md), in this process with
 * the repository's rules: jars shaped like the demo catalogue's, a mod jar of a realistic size
 * with a nested library jar, and a 50 MB modpack whose overrides carry 40 mod jars.
 */

const MB = 1024 * 1024;
const load = () => `load average ${loadavg().map((v) => v.toFixed(2)).join(' / ')}`;
/** Bytes shaped like a class file (magic, then constant-pool-like text and noise). */
const classBytes = (size: number) =>
  Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x41]), Buffer.from('java/lang/Object net/minecraft/class_1792 register init '), randomBytes(size)]);

/** A demo-catalogue mod: manifest, fabric.mod.json and a note (api/src/db/seed/demo-catalogue.ts). */
function demoJar(i: number): Buffer {
  return Buffer.from(
    zipSync({
      'META-INF/MANIFEST.MF': strToU8(`Manifest-Version: 1.0\nImplementation-Title: Demo ${i}\nImplementation-Version: 1.0.${i}\n`),
      'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: `demo_${i}`, version: `1.0.${i}`, name: `Demo ${i}` })),
      'README.txt': strToU8(`Demo ${i} 1.0.${i} — Cairn demo file\n`),
    }),
  );
}

/** A mod of `classes` class entries of about 3 KB, with a nested library jar of a tenth of that. */
function modJar(classes: number, seed: string): Buffer {
  const entries: Zippable = { 'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\n'), 'fabric.mod.json': strToU8(`{"id":"${seed}"}`) };
  for (let i = 0; i < classes; i++) entries[`com/example/${seed}/C${i}.class`] = classBytes(1500 + (i % 7) * 400);
  const library: Zippable = {};
  for (let i = 0; i < Math.ceil(classes / 10); i++) library[`org/lib/L${i}.class`] = classBytes(2000);
  entries[`META-INF/jars/${seed}-lib.jar`] = zipSync(library);
  return Buffer.from(zipSync(entries, { level: 6 }));
}

function modpack(targetBytes: number): Buffer {
  const entries: Zippable = { 'modrinth.index.json': strToU8(JSON.stringify({ formatVersion: 1, game: 'minecraft', versionId: '1.0.0', name: 'Bench Pack', files: [], dependencies: { minecraft: '1.20.1' } })) };
  const perJar = Math.floor(targetBytes / 40);
  for (let i = 0; i < 40; i++) entries[`overrides/mods/mod-${i}.jar`] = modJar(Math.max(10, Math.round(perJar / 3300)), `m${i}`);
  for (let i = 0; i < 200; i++) entries[`overrides/config/mod-${i}.toml`] = strToU8(`# settings ${i}\nenabled = true\n`.repeat(20));
  return Buffer.from(zipSync(entries, { level: 0 }));
}

async function timeScans(label: string, files: readonly Buffer[], rules: RuleSet, seconds: number, container: 'mod' | 'modpack', minRuns = 1): Promise<void> {
  const durations: number[] = [];
  let bytes = 0;
  let inflated = 0;
  let entries = 0;
  const started = performance.now();
  for (let i = 0; durations.length < minRuns || performance.now() - started < seconds * 1000; i++) {
    const file = files[i % files.length]!;
    const t = performance.now();
    const result = await scanFileBytes(file, { filename: container === 'modpack' ? 'pack.mrpack' : 'mod.jar', container }, rules);
    durations.push(performance.now() - t);
    if (result.findings.length) throw new Error(`${label}: unexpected findings ${JSON.stringify(result.findings)}`);
    bytes += file.length;
    inflated += result.bytesScanned;
    entries += result.entriesScanned;
  }
  const total = (performance.now() - started) / 1000;
  const sorted = [...durations].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
  console.log(
    `${label.padEnd(44)} ${(durations.length / total).toFixed(1).padStart(8)} scans/s  p95 ${p95.toFixed(1).padStart(7)} ms  ` +
      `${(bytes / MB / total).toFixed(1)} MB/s of files, ${(inflated / MB / total).toFixed(1)} MB/s inflated, ${Math.round(entries / durations.length)} entries per file`,
  );
}

export async function benchScan(seconds: number): Promise<void> {
  const rules = await loadRuleSet(join(workspaceRoot(), 'api', 'malware-rules'));
  console.log(`\nMalware scan: ${rules.ruleCount} rules (${rules.version}), one scan at a time in this process, ${seconds} s per kind\n`);
  await timeScans('demo-catalogue mod jars (about 0.6 KB)', Array.from({ length: 200 }, (_, i) => demoJar(i)), rules, seconds, 'mod');
  const mods = Array.from({ length: 4 }, (_, i) => modJar(600, `bench${i}`));
  await timeScans(`mod jars with a nested jar (${(mods[0]!.length / MB).toFixed(1)} MB, 660 classes)`, mods, rules, seconds, 'mod');
  const pack = modpack(50 * MB);
  await timeScans(`a ${(pack.length / MB).toFixed(0)} MB modpack (40 mod jars in overrides)`, [pack], rules, seconds, 'modpack', 3);
  console.log(`(the upload answers before the scan; these figures bound the time a version waits for its verdict); ${load()}\n`);
}
