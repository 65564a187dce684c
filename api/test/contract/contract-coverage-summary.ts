import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTRACT_COVERAGE_DIR, type ContractCoverage } from './response-contract-check.js';

export async function clearContractCoverage(): Promise<void> {
  await rm(CONTRACT_COVERAGE_DIR, { recursive: true, force: true });
}

/** One line per document: responses validated across the run and the operations they covered. */
export async function printContractCoverage(): Promise<void> {
  const files = await readdir(CONTRACT_COVERAGE_DIR).catch(() => [] as string[]);
  const totals = new Map<string, { responses: number; operations: Set<string>; described: number }>();
  for (const file of files) {
    const { documents } = JSON.parse(await readFile(join(CONTRACT_COVERAGE_DIR, file), 'utf8')) as ContractCoverage;
    for (const [name, counts] of Object.entries(documents)) {
      const total = totals.get(name) ?? { responses: 0, operations: new Set<string>(), described: 0 };
      total.responses += counts.responses;
      counts.operations.forEach((operation) => total.operations.add(operation));
      total.described = Math.max(total.described, counts.described);
      totals.set(name, total);
    }
  }
  for (const [name, total] of totals) {
    process.stdout.write(
      `Response contract, ${name}: ${total.responses} responses validated, ${total.operations.size} of ${total.described} described operations covered\n`,
    );
  }
}
