import { afterAll, beforeAll, expect, it } from 'vitest';
import { WriteLedger } from '../../bench/soak/ledger.js';
import { isClean, readStoredState, reconcile } from '../../bench/soak/reconcile.js';
import { listReferencedBlobKeys } from '../../src/lib/storage/blob-references.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { createTestContext, type TestContext } from '../harness.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { insertProject } from '../factories/catalogue.js';

/**
 * The soak's verdict ("0 lost acknowledged writes") is only worth something if the
 * reconciliation notices a lost write: real follows and edits through the API are recorded in the
 * ledger, then rows are removed or counters skewed behind the API's back.
 */

let ctx: TestContext;
let fan: TestUser;
let owner: TestUser;
const projects: number[] = [];
const ledger = new WriteLedger();

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await insertUserWithTokens(ctx.database.db, { username: 'SoakOwner' });
  fan = await insertUserWithTokens(ctx.database.db, { username: 'SoakFan' });
  for (const slug of ['soak-a', 'soak-b']) {
    const project = await insertProject(ctx.database.db, { ownerId: owner.id, slug });
    const [row] = await ctx.database.sql<Array<{ summary: string }>>`select summary from projects where id = ${project.id}`;
    ledger.startProject(project.id, row!.summary);
    projects.push(project.id);
  }
}, 120_000);
afterAll(() => ctx.close(), 60_000);

const state = async () => reconcile(ledger, await readStoredState(ctx.database.sql, ctx.files, await listReferencedBlobKeys(ctx.database.db)));

it('passes when every acknowledged write is stored, and names each kind of loss', { timeout: 60_000 }, async () => {
  for (const projectId of projects) {
    const response = await ctx.app.inject({ method: 'POST', url: `/v2/project/${encodeBase62(projectId)}/follow`, headers: { authorization: fan.pat } });
    expect(response.statusCode).toBe(204);
    ledger.follow(fan.id, projectId, true, 'applied');
  }
  const edited = await ctx.app.inject({
    method: 'PATCH',
    url: `/v2/project/${encodeBase62(projects[0]!)}`,
    headers: { authorization: owner.pat, 'content-type': 'application/json' },
    payload: { description: 'Edited during the soak' },
  });
  expect(edited.statusCode).toBe(204);
  ledger.edit(projects[0]!, 'Edited during the soak', 'applied');
  // A write whose answer was lost may or may not have happened: either state passes.
  ledger.edit(projects[1]!, 'Maybe applied', 'unknown');
  expect(isClean(await state())).toBe(true);

  // A follow lost with its counter (both rows gone): a lost acknowledged write.
  await ctx.database.sql`delete from project_follows where user_id = ${fan.id} and project_id = ${projects[0]!}`;
  await ctx.database.sql`update projects set followers = followers - 1 where id = ${projects[0]!}`;
  // A counter out of step with its rows.
  await ctx.database.sql`update projects set followers = followers + 5 where id = ${projects[1]!}`;
  // An acknowledged edit overwritten by something the clients never sent.
  await ctx.database.sql`update projects set summary = 'Never sent' where id = ${projects[0]!}`;
  // An acknowledged upload that is not in the database.
  ledger.upload(123_456_789, 'applied');
  // A blob no row refers to.
  const orphan = await ctx.files.put(Buffer.from('left behind by a killed upload'), { maxBytes: 1024, extension: 'jar' });

  const result = await state();
  expect(isClean(result)).toBe(false);
  expect(result.lostFollows).toEqual([`${fan.id}:${projects[0]}`]);
  expect(result.lostEdits).toEqual([projects[0]]);
  expect(result.lostUploads).toEqual([123_456_789]);
  expect(result.counterMismatches).toEqual([{ projectId: projects[1], counter: 6, rows: 1 }]);
  expect(result.orphanBlobs).toEqual([orphan.key]);
});
