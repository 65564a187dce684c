import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ALL_SCOPES, scopeBits, withoutRestricted, type ScopeName } from '@cairn/shared/constants/scopes';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors } from '../factories/users.js';
import { insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

// Scope matrix of the catalogue routes: every other scope fails, the route's scope alone succeeds.

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();

async function tokens(userId: number, scope: ScopeName) {
  const only = await createPat(ctx.database.db, userId, scopeBits(scope));
  const allOthers = await createPat(ctx.database.db, userId, withoutRestricted(ALL_SCOPES) - scopeBits(scope));
  return { only, allOthers };
}

async function fresh(status = 'approved'): Promise<InsertedProject> {
  const p = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status });
  await insertVersion(ctx.database.db, { projectId: p.id, authorId: actors.creator.id });
  return p;
}

interface Case {
  name: string;
  scope: ScopeName;
  /** Runs the request with a token; `p` is a fresh project of the token's user. */
  run: (p: InsertedProject, token: string) => Promise<{ statusCode: number; body: string }>;
  success: number;
  failure: number;
  status?: string;
}

const call = testClient(() => ctx.app);
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object | Buffer, contentType?: string) =>
  call(method, url, { authorization: token, ...(contentType ? { 'content-type': contentType } : {}) }, payload);

const cases: Case[] = [
  { name: 'read a hidden project', scope: 'PROJECT_READ', status: 'draft', success: 200, failure: 404, run: (p, t) => inject('GET', `/v2/project/${p.key}`, t) },
  {
    name: 'read hidden projects in bulk',
    scope: 'PROJECT_READ',
    status: 'draft',
    success: 200,
    failure: 404,
    run: async (p, t) => {
      const r = await inject('GET', `/v2/projects?ids=${encodeURIComponent(JSON.stringify([p.key]))}`, t);
      return { statusCode: r.json().length === 1 ? 200 : 404, body: r.body };
    },
  },
  { name: "read a hidden project's members", scope: 'PROJECT_READ', status: 'draft', success: 200, failure: 404, run: (p, t) => inject('GET', `/v2/project/${p.key}/members`, t) },
  { name: "read a hidden project's dependencies", scope: 'PROJECT_READ', status: 'draft', success: 200, failure: 404, run: (p, t) => inject('GET', `/v2/project/${p.key}/dependencies`, t) },
  {
    name: "list one's own hidden projects",
    scope: 'PROJECT_READ',
    status: 'draft',
    success: 200,
    failure: 404,
    run: async (p, t) => {
      const r = await inject('GET', `/v2/user/${actors.creator.username}/projects`, t);
      return { statusCode: r.json().some((x: { id: string }) => x.id === p.key) ? 200 : 404, body: r.body };
    },
  },
  { name: 'edit a project', scope: 'PROJECT_WRITE', success: 204, failure: 401, run: (p, t) => inject('PATCH', `/v2/project/${p.key}`, t, { title: 'Scoped edit' }) },
  { name: 'bulk-edit projects', scope: 'PROJECT_WRITE', success: 204, failure: 401, run: (p, t) => inject('PATCH', `/v2/projects?ids=${encodeURIComponent(JSON.stringify([p.key]))}`, t, { add_categories: ['magic'] }) },
  { name: 'change the icon', scope: 'PROJECT_WRITE', success: 204, failure: 401, run: async (p, t) => inject('PATCH', `/v2/project/${p.key}/icon?ext=png`, t, await png(), 'image/png') },
  { name: 'delete the icon', scope: 'PROJECT_WRITE', success: 204, failure: 401, run: (p, t) => inject('DELETE', `/v2/project/${p.key}/icon`, t) },
  { name: 'add a gallery image', scope: 'PROJECT_WRITE', success: 204, failure: 401, run: async (p, t) => inject('POST', `/v2/project/${p.key}/gallery?ext=png&featured=true`, t, await png(), 'image/png') },
  { name: 'delete a project', scope: 'PROJECT_DELETE', success: 204, failure: 401, run: (p, t) => inject('DELETE', `/v2/project/${p.key}`, t) },
  { name: 'follow a project', scope: 'USER_WRITE', success: 204, failure: 401, run: (p, t) => inject('POST', `/v2/project/${p.key}/follow`, t) },
  { name: 'list followed projects', scope: 'USER_READ', success: 200, failure: 401, run: (_p, t) => inject('GET', `/v2/user/${actors.creator.username}/follows`, t) },
  {
    name: 'invite a team member',
    scope: 'PROJECT_WRITE',
    success: 204,
    failure: 401,
    run: async (p, t) => {
      const invitee = await insertUserWithTokens(ctx.database.db);
      return inject('POST', `/v2/team/${p.teamKey}/members`, t, { user_id: encodeBase62(invitee.id) });
    },
  },
];

describe('catalogue scopes', () => {
  for (const c of cases) {
    it(`${c.scope}: ${c.name}`, async () => {
      const { only, allOthers } = await tokens(actors.creator.id, c.scope);
      const refused = await c.run(await fresh(c.status), allOthers);
      expect(refused.statusCode, refused.body).toBe(c.failure);
      const allowed = await c.run(await fresh(c.status), only);
      expect(allowed.statusCode, allowed.body).toBe(c.success);
    });
  }
});
