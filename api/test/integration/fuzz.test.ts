import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { casesFor, isWrite, operationsOf, type FuzzCase, type Operation } from '../fuzz/cases.js';
import { changedTables, databaseFingerprint } from '../fuzz/db-fingerprint.js';
import { seededRandom } from '../fuzz/random.js';

/*
 * Schema-driven fuzzing: every operation of the app's own OpenAPI document gets hostile inputs,
 * anonymously and with a token holding every scope. No answer may be a 5xx, every 4xx is Cairn's
 * `{error, description}`, and a batch of refused writes leaves every table as it was.
 * FUZZ_SEED picks the run, FUZZ_CASES caps the cases per operation (0 = all; `npm run fuzz`).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 24);
const BYPASS = 'fuzz-rate-limit-bypass-key';
const V3_OPERATIONS = [
  'GET /v3/collection/{id}',
  'GET /v3/collections',
  'GET /v3/organization/{id}',
  'GET /v3/organization/{id}/projects',
  'GET /v3/organizations',
  'GET /v3/project/{id}',
  'GET /v3/user/{id}/collections',
  'GET /v3/version/{id}',
];

interface Failure {
  operation: string;
  label: string;
  identity: string;
  status: number;
  problem: string;
  body: string;
}

let ctx: TestContext;
let owner: TestUser;
let project: InsertedProject;
let version: InsertedVersion;
let otherPatId: string;
let oauthAppId: string;
let sessionId: string;
let webhookId: string;
let webhookDeliveryId: string;

beforeAll(async () => {
  // A job queue (not run): webhook pings and "send again" queue their deliveries instead of answering 503.
  ctx = await createTestContext({ env: { RATE_LIMIT_BYPASS_KEY: BYPASS }, jobs: 'queue' });
  const db = ctx.database.db;
  owner = await insertUserWithTokens(db, { username: 'FuzzOwner' });
  project = await insertProject(db, { ownerId: owner.id, slug: 'fuzz-target' });
  version = await insertVersion(db, { projectId: project.id, authorId: owner.id });
  await createPat(db, owner.id);
  const pats = (await call('GET', '/v2/pat', owner.session)).json<{ id: string }[]>();
  otherPatId = pats[0]!.id;
  const app = await call('POST', '/v2/oauth/app', owner.session, { name: 'Fuzz App', max_scopes: 1, redirect_uris: ['https://fuzz.test/cb'] });
  oauthAppId = app.json<{ id: string }>().id;
  sessionId = (await call('GET', '/v2/session/list', owner.session)).json<{ id: string }[]>()[0]!.id;
  webhookId = (await call('POST', `/v2/project/${project.key}/webhooks`, owner.session, { url: 'https://hooks.example.org/fuzz', events: ['version.published'] })).json<{ id: string }>().id;
  webhookDeliveryId = (await call('POST', `/v2/project/${project.key}/webhooks/${webhookId}/ping`, owner.session)).json<{ id: string }>().id;
  // Finished, so it may be sent again.
  await ctx.database.sql`update webhook_deliveries set status = 'succeeded', attempts = 1`;
});
afterAll(() => ctx?.close());

const call = testClient(() => ctx.app, { headers: { 'x-ratelimit-key': BYPASS } });

/** A real value for a path parameter, owned by the fuzz user where it names something. */
function pathValue(operation: Operation, name: string): string {
  const path = operation.path;
  switch (name) {
    case 'hash':
      return version.sha1;
    case 'version':
      return path.startsWith('/data/') ? version.key : '1.0.0';
    case 'user':
      return encodeBase62(owner.id);
    case 'project':
      return project.key;
    case 'filename':
      return 'file.jar';
    case 'key':
      return 'fuzz.png';
    case 'language':
      return 'de-DE';
    case 'hook':
      return webhookId;
    case 'delivery':
      return webhookDeliveryId;
  }
  // The read-only /v3 routes take the same values as their /v2 twins.
  if (/^\/v[23]\/project\//.test(path) || path.includes('/updates/')) return project.key;
  if (/^\/v[23]\/version\//.test(path)) return version.key;
  // Quarantine cases are named by their version.
  if (path.startsWith('/v2/moderation/malware/')) return version.key;
  if (path.startsWith('/v2/team/')) return project.teamKey;
  if (/^\/v[23]\/user\//.test(path)) return encodeBase62(owner.id);
  if (path.startsWith('/v2/pat/')) return otherPatId;
  if (path.startsWith('/v2/oauth/app/')) return oauthAppId;
  if (path.startsWith('/v2/session/')) return sessionId;
  if (path.startsWith('/v2/tag/license/')) return 'MIT';
  return 'fuzz';
}

async function send(fuzzCase: FuzzCase, token: string | undefined) {
  const authorization = fuzzCase.authorization ?? token;
  return ctx.app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: { ...fuzzCase.headers, 'x-ratelimit-key': BYPASS, ...(authorization ? { authorization } : {}) },
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  });
}

function problemWith(status: number, body: string, contentType: string | undefined): string | null {
  if (status >= 500) return 'server error';
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `error body is ${contentType ?? 'untyped'}`;
  try {
    const parsed = JSON.parse(body) as unknown;
    const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed).sort().join(',') : '';
    const typed = keys === 'description,error' && Object.values(parsed as object).every((v) => typeof v === 'string' && v.length > 0);
    return typed ? null : `error body is not {error, description}: ${keys}`;
  } catch {
    return 'error body is not JSON';
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has a database fingerprint that sees a write', async () => {
    const before = await databaseFingerprint(ctx.database.sql);
    const edit = await call('PATCH', `/v2/project/${project.key}`, owner.pat, { title: 'Fingerprinted' });
    expect(edit.statusCode).toBe(204);
    expect(changedTables(before, await databaseFingerprint(ctx.database.sql))).toContain('projects');
  });

  it('answers hostile input with a 4xx {error, description}, never a 5xx, and refused writes change nothing', async () => {
    const document = ctx.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    // The read-only /v3 routes are in the document, so they are fuzzed like every /v2 route.
    expect(operations.filter((o) => o.path.startsWith('/v3/')).map((o) => `${o.method} ${o.path}`).sort()).toEqual(V3_OPERATIONS);
    const random = seededRandom(SEED);
    const failures: Failure[] = [];
    let sent = 0;
    const timings: [string, number][] = [];
    const identities = [
      { name: 'anonymous', token: undefined },
      { name: 'owner', token: owner.pat },
    ];

    for (const operation of operations) {
      const all = casesFor(operation, (name) => pathValue(operation, name));
      const cases = CASES_PER_OPERATION > 0 ? random.sample(all, CASES_PER_OPERATION) : all;
      const name = `${operation.method} ${operation.path}`;
      const started = performance.now();
      const refused: { fuzzCase: FuzzCase; token: string | undefined }[] = [];
      const before = isWrite(operation) ? await databaseFingerprint(ctx.database.sql) : undefined;
      let accepted = false;
      for (const fuzzCase of cases) {
        for (const identity of identities) {
          const response = await send(fuzzCase, identity.token);
          sent++;
          const problem = problemWith(response.statusCode, response.body, response.headers['content-type'] as string | undefined);
          if (problem) failures.push({ operation: name, label: fuzzCase.label, identity: identity.name, status: response.statusCode, problem, body: response.body.slice(0, 200) });
          if (response.statusCode < 400) accepted = true;
          else refused.push({ fuzzCase, token: identity.token });
        }
      }
      timings.push([name, performance.now() - started]);
      if (CASES_PER_OPERATION === 0) console.info(`${name}: ${cases.length} cases, ${failures.length} failures so far`);
      if (!before) continue;
      let baseline = before;
      if (accepted) {
        // Some generated input was valid and wrote: replay only the refused ones against a new baseline.
        baseline = await databaseFingerprint(ctx.database.sql);
        for (const { fuzzCase, token } of refused) {
          await send(fuzzCase, token);
          sent++;
        }
      }
      const changed = changedTables(baseline, await databaseFingerprint(ctx.database.sql));
      if (changed.length) failures.push({ operation: name, label: `${refused.length} refused requests`, identity: '*', status: 0, problem: `wrote to ${changed.join(', ')}`, body: '' });
    }

    if (CASES_PER_OPERATION === 0) {
      const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 10);
      console.info(`slowest operations:\n${slowest.map(([operation, ms]) => `  ${operation} ${ms.toFixed(0)} ms`).join('\n')}`);
      for (const failure of failures) console.info(`FAIL ${failure.operation} [${failure.identity}] ${failure.label}: ${failure.status} ${failure.problem} ${failure.body}`);
    }
    console.info(`fuzz seed ${SEED}: ${operations.length} operations, ${sent} requests, ${failures.length} failures`);
    expect(failures.slice(0, 25)).toEqual([]);
  }, CASES_PER_OPERATION === 0 ? 3_600_000 : 600_000);
});
