import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectFollowSchema } from '@cairn/shared/schemas/follows';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../harness.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { insertProject } from '../factories/catalogue.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';

// Filtered follows (docs/api/catalogue.md, "Filtered follows"): the routes that set and read a
// follow's filter, and the real notification path — versions published through the API, the
// worker's fan-out job, notifications read back through the API.

let ctx: TestContext;
let creator: TestUser;

beforeAll(async () => {
  // The worker runs its jobs, so publishing a version notifies followers as in production.
  ctx = await createTestContext({ jobs: true });
  creator = await insertUserWithTokens(ctx.database.db, { username: 'FilterCreator' });
});
afterAll(() => ctx?.close());

const call = testClient(() => ctx.app);

async function newProject(slug: string) {
  return insertProject(ctx.database.db, { ownerId: creator.id, slug, title: `Project ${slug}` });
}

async function follow(user: TestUser, projectKey: string, body?: object) {
  const response = await call('POST', `/v2/project/${projectKey}/follow`, user.pat, body);
  expect(response.statusCode, response.body).toBe(204);
}

async function publish(projectKey: string, versionNumber: string, loaders: string[], gameVersions: string[]): Promise<string> {
  const response = await postVersion(ctx.app, creator.pat, versionData(projectKey, { version_number: versionNumber, loaders, game_versions: gameVersions }), [
    { part: 'file', filename: `v${versionNumber}.jar`, bytes: jar(`filter-${projectKey}-${versionNumber}`) },
  ]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

/** The version ids of the user's `project_update` notifications, read through the API. */
async function updatesOf(user: TestUser): Promise<string[]> {
  const response = await call('GET', `/v2/user/${user.username}/notifications`, user.pat);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ body: { type: string; version_id?: string } }[]>()
    .filter((n) => n.body.type === 'project_update')
    .map((n) => n.body.version_id!)
    .sort();
}

describe('setting and reading a follow filter', () => {
  it('a follow without a body is unfiltered, and reads back with empty lists', async () => {
    const project = await newProject('filter-plain');
    const fan = await insertUserWithTokens(ctx.database.db);
    await follow(fan, project.key);
    const read = await call('GET', `/v2/project/${project.key}/follow`, fan.pat);
    expect(read.statusCode, read.body).toBe(200);
    const parsed = ProjectFollowSchema.parse(read.json());
    expect(parsed).toMatchObject({ project_id: project.key, loaders: [], game_versions: [] });
    expect(Date.parse(parsed.followed)).not.toBeNaN();
  });

  it('follows with a filter, changes one list at a time and lists every filter of the user', async () => {
    const first = await newProject('filter-first');
    const second = await newProject('filter-second');
    const fan = await insertUserWithTokens(ctx.database.db);
    await follow(fan, first.key, { loaders: ['fabric', 'quilt'], game_versions: ['1.20.1'] });
    await follow(fan, second.key);

    const patched = await call('PATCH', `/v2/project/${first.key}/follow`, fan.pat, { game_versions: ['1.20.1', '1.21'] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ loaders: ['fabric', 'quilt'], game_versions: ['1.20.1', '1.21'] });
    const cleared = await call('PATCH', `/v2/project/${first.key}/follow`, fan.pat, { loaders: [] });
    expect(cleared.json()).toMatchObject({ loaders: [], game_versions: ['1.20.1', '1.21'] });
    const unchanged = await call('PATCH', `/v2/project/${first.key}/follow`, fan.pat, {});
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ loaders: [], game_versions: ['1.20.1', '1.21'] });

    const list = await call('GET', `/v2/user/${fan.username}/follow_filters`, fan.pat);
    expect(list.statusCode, list.body).toBe(200);
    const filters = z.array(ProjectFollowSchema).parse(list.json());
    expect(filters.map((f) => [f.project_id, f.loaders, f.game_versions])).toEqual([
      [second.key, [], []],
      [first.key, [], ['1.20.1', '1.21']],
    ]);
    // Only the user (or an admin) reads them.
    const stranger = await insertUserWithTokens(ctx.database.db);
    expect((await call('GET', `/v2/user/${fan.username}/follow_filters`, stranger.pat)).statusCode).toBe(401);
  });

  it('refuses unknown or repeated tags naming the field, and changes nothing', async () => {
    const project = await newProject('filter-refusals');
    const fan = await insertUserWithTokens(ctx.database.db);
    const cases: Array<[object, string]> = [
      [{ loaders: ['fabrik'] }, 'loaders'],
      [{ game_versions: ['9.99.9'] }, 'game_versions'],
      [{ game_versions: ['1.20.1', '1.20.1'] }, 'game_versions'],
      [{ loaders: 'fabric' }, 'loaders'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', `/v2/project/${project.key}/follow`, fan.pat, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ error: string; description: string }>();
      expect(error.error).toBe('invalid_input');
      expect(error.description).toContain(field);
    }
    expect((await call('GET', `/v2/project/${project.key}/follow`, fan.pat)).statusCode).toBe(404);
    expect((await call('PATCH', `/v2/project/${project.key}/follow`, fan.pat, { loaders: ['fabric'] })).statusCode).toBe(404);

    await follow(fan, project.key, { loaders: ['forge'] });
    const refused = await call('PATCH', `/v2/project/${project.key}/follow`, fan.pat, { loaders: ['fabric'], game_versions: ['0.0.0-nothing'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ description: string }>().description).toContain("'0.0.0-nothing'");
    expect((await call('GET', `/v2/project/${project.key}/follow`, fan.pat)).json()).toMatchObject({ loaders: ['forge'], game_versions: [] });
  });

  it('needs USER_READ to read a filter and USER_WRITE to change it', async () => {
    const project = await newProject('filter-scopes');
    const fan = await insertUserWithTokens(ctx.database.db);
    await follow(fan, project.key);
    // Every scope but the one each route needs.
    const token = await createPat(ctx.database.db, fan.id, scopeBits('PROJECT_READ', 'NOTIFICATION_READ', 'USER_WRITE'));
    const readOnly = await createPat(ctx.database.db, fan.id, scopeBits('PROJECT_READ', 'USER_READ'));
    expect((await call('GET', `/v2/project/${project.key}/follow`, token)).statusCode).toBe(401);
    expect((await call('PATCH', `/v2/project/${project.key}/follow`, readOnly, { loaders: ['fabric'] })).statusCode).toBe(401);
    expect((await call('GET', `/v2/project/${project.key}/follow`, readOnly)).statusCode).toBe(200);
  });
});

describe('notifications respect the filter', () => {
  it('a new version notifies only followers whose filter it matches', async () => {
    const project = await newProject('filter-notify');
    const db = ctx.database.db;
    const everything = await insertUserWithTokens(db);
    const fabricOnly = await insertUserWithTokens(db);
    const forgeOnly = await insertUserWithTokens(db);
    const newGameOnly = await insertUserWithTokens(db);
    const fabricOnOld = await insertUserWithTokens(db);
    await follow(everything, project.key);
    await follow(fabricOnly, project.key, { loaders: ['fabric'] });
    await follow(forgeOnly, project.key, { loaders: ['forge', 'neoforge'] });
    await follow(newGameOnly, project.key, { game_versions: ['1.21'] });
    await follow(fabricOnOld, project.key, { loaders: ['fabric'], game_versions: ['1.20.1'] });

    // Fabric for 1.20.1 and 1.20.4.
    const fabric = await publish(project.key, '1.0.0', ['fabric'], ['1.20.1', '1.20.4']);
    // The fan-out notifies everyone it selects in one insert: once the unfiltered follower has
    // the notification, the job is done for everybody.
    await eventually(async () => ((await updatesOf(everything)).includes(fabric) ? true : undefined), 20_000, 'the unfiltered follower is notified of the fabric version');
    expect(await updatesOf(fabricOnly)).toEqual([fabric]);
    expect(await updatesOf(fabricOnOld)).toEqual([fabric]);
    expect(await updatesOf(forgeOnly)).toEqual([]);
    expect(await updatesOf(newGameOnly)).toEqual([]);

    // NeoForge for 1.21: the loader filter of fabricOnOld fails, and so does its game version.
    const neoforge = await publish(project.key, '2.0.0', ['neoforge'], ['1.21']);
    await eventually(async () => ((await updatesOf(everything)).includes(neoforge) ? true : undefined), 20_000, 'the unfiltered follower is notified of the neoforge version');
    expect(await updatesOf(forgeOnly)).toEqual([neoforge]);
    expect(await updatesOf(newGameOnly)).toEqual([neoforge]);
    expect(await updatesOf(fabricOnly)).toEqual([fabric]);
    expect(await updatesOf(fabricOnOld)).toEqual([fabric]);

    // Widening a filter applies to the next version.
    const widened = await call('PATCH', `/v2/project/${project.key}/follow`, fabricOnOld.pat, { game_versions: [] });
    expect(widened.statusCode, widened.body).toBe(200);
    const fabricNew = await publish(project.key, '3.0.0', ['fabric'], ['1.21']);
    await eventually(async () => ((await updatesOf(everything)).includes(fabricNew) ? true : undefined), 20_000, 'the unfiltered follower is notified of the third version');
    expect(await updatesOf(fabricOnOld)).toEqual([fabric, fabricNew].sort());
    expect(await updatesOf(newGameOnly)).toEqual([neoforge, fabricNew].sort());
    expect(await updatesOf(forgeOnly)).toEqual([neoforge]);
  });
});
