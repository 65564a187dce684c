import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { workspaceRoot } from '../../src/config.js';
import { createResponseValidator, type OpenApiDocument, type ResponseValidator } from './openapi-response-validator.js';

/** Names a copy of the reference contract (OpenAPI 3.0 YAML or JSON) that every response is also checked against. */
export const CONTRACT_FILE_VARIABLE = 'CAIRN_CONTRACT_FILE';

/** Where each test file leaves its counts for the suite's summary (see global-setup.ts). */
export const CONTRACT_COVERAGE_DIR = join(workspaceRoot(), '.data', 'test', 'contract-coverage');

export interface ContractCoverage {
  /** Per document: responses validated and the operations they covered. */
  documents: Record<string, { responses: number; operations: string[]; described: number }>;
}

let referenceValidator: ResponseValidator | undefined | null = null;

/** The reference contract named by CAIRN_CONTRACT_FILE, read once per worker. */
function referenceContract(): ResponseValidator | undefined {
  if (referenceValidator !== null) return referenceValidator;
  const file = process.env[CONTRACT_FILE_VARIABLE];
  referenceValidator = file ? createResponseValidator('reference contract', parse(readFileSync(file, 'utf8')) as OpenApiDocument) : undefined;
  return referenceValidator;
}

/**
 * Responses the reference contract describes wrongly, left unchecked against it: with
 * `multiple=true` the hash lookup answers every version holding the file (an array), as the
 * reference API does, while the contract declares one Version for every answer.
 */
function contractQuirk(validatorName: string, template: string, query: Record<string, unknown>): boolean {
  return validatorName === 'reference contract' && template === '/v2/version_file/:hash' && String(query.multiple) === 'true';
}

/**
 * Checks every JSON response the app sends against the app's own published OpenAPI document and,
 * when CAIRN_CONTRACT_FILE names one, the reference contract, for operations and status codes
 * they describe. A violation makes the `app.inject` call that caused it reject (and, for requests
 * that came over a socket, fails `report()`), naming method, path, status and the validator's message.
 * Install before `app.ready()`; the own document is read after it.
 */
export function installResponseContractCheck(app: FastifyInstance) {
  const validators: ResponseValidator[] = [];
  const violations: string[] = [];
  const coverage = new Map<string, { responses: number; operations: Set<string> }>();

  // Built on the first response: the published document lists routes only once the app is ready.
  function loadValidators(): void {
    if (validators.length > 0) return;
    validators.push(createResponseValidator('published OpenAPI', app.swagger() as unknown as OpenApiDocument));
    const reference = referenceContract();
    if (reference) validators.push(reference);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const template = request.routeOptions.url;
    if (!template || request.method === 'HEAD') return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!contentType.includes('json') || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      violations.push(`${request.method} ${request.url} (${template}) → ${reply.statusCode}: the body is not JSON`);
      return payload;
    }
    loadValidators();
    for (const validator of validators) {
      if (contractQuirk(validator.name, template, (request.query ?? {}) as Record<string, unknown>)) continue;
      const result = validator.check(request.method, template, reply.statusCode, body, Object.keys((request.query ?? {}) as object));
      if (result.kind === 'not_described') continue;
      const counts = coverage.get(validator.name) ?? { responses: 0, operations: new Set<string>() };
      counts.responses += 1;
      counts.operations.add(result.operation);
      coverage.set(validator.name, counts);
      if (result.kind === 'invalid') {
        violations.push(`${request.method} ${request.url} (${template}) → ${reply.statusCode} breaks the ${validator.name}: ${result.message}`);
      }
    }
    return payload;
  });

  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  // Only the promise form (`app.inject(options)`) is checked; the chained form has no caller here.
  app.inject = ((...args: unknown[]) => {
    if (args.length === 0) return inject();
    const before = violations.length;
    return (inject(...args) as Promise<unknown>).then((response) => {
      if (violations.length > before) throw new Error(`Response contract violated:\n${violations.splice(before).join('\n')}`);
      return response;
    });
  }) as typeof app.inject;

  return {
    /** Throws on violations not yet reported (requests over a socket); writes this file's counts. */
    async report(): Promise<void> {
      const documents: ContractCoverage['documents'] = {};
      for (const validator of validators) {
        const counts = coverage.get(validator.name);
        documents[validator.name] = {
          responses: counts?.responses ?? 0,
          operations: [...(counts?.operations ?? [])].sort(),
          described: validator.operations.size,
        };
      }
      await mkdir(CONTRACT_COVERAGE_DIR, { recursive: true });
      const name = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
      await writeFile(join(CONTRACT_COVERAGE_DIR, name), JSON.stringify({ documents } satisfies ContractCoverage));
      if (violations.length > 0) throw new Error(`Response contract violated:\n${violations.splice(0).join('\n')}`);
    },
  };
}
