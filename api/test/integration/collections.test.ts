import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { CollectionLimitsSchema, CollectionSchema } from '@cairn/shared/schemas/collections';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertProject } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

// Strict: an extra or missing field, or a wrong nullability, fails the test.
const Contract = CollectionSchema.strict();
const Contracts = z.array(Contract);

const call = testClient(() => ctx.app);
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));
const png = () => sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

async function create(user: TestUser, payload: object) {
  const response = await call('POST', '/v2/collection', user.pat, payload);
  expect(response.statusCode, response.body).toBe(200);
  return Contract.parse(response.json());
}
const read = async (id: string, token?: string) => call('GET', `/v2/collection/${id}`, token);
const project = async (status = 'approved') => insertProject(ctx.database.db, { ownerId: actors.creator.id, status });

describe('creating and reading', () => {
  it('creates a listed collection with its projects (by id or slug) and reads it back', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const [a, b] = [await project(), await project()];
    const created = await create(owner, { name: '  Tech mods ', description: 'Machines and pipes.', projects: [a.key, b.slug.toUpperCase(), a.slug] });
    expect(created).toMatchObject({ user: encodeBase62(owner.id), name: 'Tech mods', description: 'Machines and pipes.', status: 'listed', icon_url: null, color: null, projects: [a.key, b.key] });
    expect(created.created).toBe(created.updated);
    expect(Contract.parse((await read(created.id)).json())).toEqual(created);

    const bare = await create(owner, { name: 'Empty' });
    expect(bare).toMatchObject({ description: null, projects: [] });
  });

  it('names the field when the input is wrong', async () => {
    const hidden = await project('draft');
    const cases: Array<[object, string]> = [
      [{ name: 'ab' }, 'name'],
      [{ name: '     ' }, 'name'],
      [{ name: 'x'.repeat(65) }, 'name'],
      [{ name: 'Fine', description: 'no' }, 'description'],
      [{ name: 'Fine', description: 'y'.repeat(256) }, 'description'],
      [{ name: 'Fine', projects: 'abc' }, 'projects'],
      [{ name: 'Fine', projects: ['no-such-project-anywhere'] }, "'projects'"],
      // A hidden project is unknown to someone outside its team.
      [{ name: 'Fine', projects: [hidden.key] }, "'projects'"],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/v2/collection', actors.stranger.pat, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = z.object({ error: z.string(), description: z.string() }).strict().parse(response.json());
      expect(body.description).toContain(field);
    }
  });

  it('needs a verified email, the COLLECTION_CREATE scope and room under the limit', async () => {
    const unverified = await insertUserWithTokens(ctx.database.db, { emailVerified: false });
    const refused = await call('POST', '/v2/collection', unverified.pat, { name: 'Mine' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'email_unverified' });
    expect((await call('POST', '/v2/collection', undefined, { name: 'Mine' })).statusCode).toBe(401);
    const readOnly = await createPat(ctx.database.db, actors.user.id, scopeBits('COLLECTION_READ'));
    expect((await call('POST', '/v2/collection', readOnly, { name: 'Mine' })).statusCode).toBe(401);

    const busy = await insertUserWithTokens(ctx.database.db);
    for (let i = 0; i < 32; i++) await create(busy, { name: `List ${i}` });
    const over = await call('POST', '/v2/collection', busy.pat, { name: 'One too many' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'limit_reached' });
    expect(CollectionLimitsSchema.strict().parse((await call('GET', '/v2/limits/collections', busy.pat)).json())).toEqual({ current: 32, max: 32 });
    expect(CollectionLimitsSchema.parse((await call('GET', '/v2/limits/collections', actors.admin.pat)).json()).max).toBeNull();
  });
});

describe('visibility', () => {
  it('hides private, rejected and empty collections from everyone but the owner and moderators', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const a = await project();
    const listed = await create(owner, { name: 'Listed', projects: [a.key] });
    const empty = await create(owner, { name: 'Nothing yet' });
    const secret = await create(owner, { name: 'Secret', projects: [a.key] });
    expect((await call('PATCH', `/v2/collection/${secret.id}`, owner.pat, { status: 'private' })).statusCode).toBe(204);
    const rejected = await create(owner, { name: 'Rejected', projects: [a.key] });
    expect((await call('PATCH', `/v2/collection/${rejected.id}`, actors.moderator.pat, { status: 'rejected' })).statusCode).toBe(204);

    const seen = async (token?: string) => {
      const result: Record<string, number> = {};
      for (const c of [listed, empty, secret, rejected]) result[c.name] = (await read(c.id, token)).statusCode;
      return result;
    };
    const outsider = { Listed: 200, 'Nothing yet': 404, Secret: 404, Rejected: 404 };
    const insider = { Listed: 200, 'Nothing yet': 200, Secret: 200, Rejected: 200 };
    expect(await seen()).toEqual(outsider);
    expect(await seen(actors.stranger.pat)).toEqual(outsider);
    expect(await seen(owner.pat)).toEqual(insider);
    expect(await seen(actors.moderator.pat)).toEqual(insider);
    // A malformed id names no collection: 404 like an unknown one, which the site shows as "Collection not found".
    expect((await read('no-such-collection')).statusCode).toBe(404);
    // A token without COLLECTION_READ reads as anonymous, even the owner's.
    expect(await seen(await createPat(ctx.database.db, owner.id, scopeBits('COLLECTION_WRITE')))).toEqual(outsider);

    const bulk = (token?: string) => call('GET', `/v2/collections?ids=${ids(secret.id, listed.id, empty.id, 'zzzzzzzz')}`, token);
    expect(Contracts.parse((await bulk()).json()).map((c) => c.id)).toEqual([listed.id]);
    expect(Contracts.parse((await bulk(owner.pat)).json()).map((c) => c.id)).toEqual([secret.id, listed.id, empty.id]);
    expect((await call('GET', '/v2/collections?ids=notjson', undefined)).statusCode).toBe(400);

    const ofUser = (who: string, token?: string) => call('GET', `/v2/user/${who}/collections`, token);
    expect(Contracts.parse((await ofUser(owner.username)).json()).map((c) => c.name)).toEqual(['Listed']);
    expect(Contracts.parse((await ofUser(encodeBase62(owner.id), owner.pat)).json()).map((c) => c.name).sort()).toEqual(['Listed', 'Nothing yet', 'Rejected', 'Secret']);
    expect(Contracts.parse((await ofUser(owner.username, actors.moderator.pat)).json())).toHaveLength(4);
    expect((await ofUser('nobody-by-this-name')).statusCode).toBe(404);
  });

  it("lists only the projects the caller may see, and forgets deleted projects", async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const own = await insertProject(ctx.database.db, { ownerId: owner.id, status: 'draft' });
    const other = await project();
    const mixed = await create(owner, { name: 'Mixed', projects: [own.key, other.key] });
    expect(mixed.projects).toEqual([own.key, other.key]);
    expect(Contract.parse((await read(mixed.id)).json()).projects).toEqual([other.key]);

    expect((await call('DELETE', `/v2/project/${other.key}`, actors.creator.pat)).statusCode).toBe(204);
    expect(Contract.parse((await read(mixed.id, owner.pat)).json()).projects).toEqual([own.key]);
  });
});

describe('editing', () => {
  it('edits name, description and projects (new_projects replaces the list) and bumps updated', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const [a, b, c] = [await project(), await project(), await project()];
    const collection = await create(owner, { name: 'Start', description: 'First words.', projects: [a.key, b.key] });
    const patch = await call('PATCH', `/v2/collection/${collection.id}`, owner.pat, { name: 'Renamed', description: null, new_projects: [b.key, c.slug] });
    expect(patch.statusCode, patch.body).toBe(204);
    const after = Contract.parse((await read(collection.id, owner.pat)).json());
    expect(after).toMatchObject({ name: 'Renamed', description: null, projects: [b.key, c.key] });
    expect(after.updated > collection.updated).toBe(true);

    const unknown = await call('PATCH', `/v2/collection/${collection.id}`, owner.pat, { new_projects: [a.key, 'AAAAAAAAA'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ description: string }>().description).toContain("'new_projects'");
    const badName = await call('PATCH', `/v2/collection/${collection.id}`, owner.pat, { name: 'x' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json<{ description: string }>().description).toContain('name');
    const badStatus = await call('PATCH', `/v2/collection/${collection.id}`, owner.pat, { status: 'secret' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ description: string }>().description).toContain('status');
  });

  it('applies the status rules: owners choose listed, unlisted or private; only moderators reject or restore', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const a = await project();
    const collection = await create(owner, { name: 'Statuses', projects: [a.key] });
    const status = async () => Contract.parse((await read(collection.id, owner.pat)).json()).status;
    const setStatus = (token: string, value: string) => call('PATCH', `/v2/collection/${collection.id}`, token, { status: value });

    for (const value of ['unlisted', 'private', 'listed']) {
      expect((await setStatus(owner.pat, value)).statusCode).toBe(204);
      expect(await status()).toBe(value);
    }
    const reject = await setStatus(owner.pat, 'rejected');
    expect(reject.statusCode).toBe(401);
    expect(reject.json<{ description: string }>().description).toContain("'status'");
    expect((await setStatus(actors.moderator.pat, 'rejected')).statusCode).toBe(204);
    expect((await setStatus(owner.pat, 'listed')).statusCode).toBe(401);
    expect(await status()).toBe('rejected');
    // The owner may still edit other fields of a rejected collection.
    expect((await call('PATCH', `/v2/collection/${collection.id}`, owner.pat, { name: 'Cleaned up' })).statusCode).toBe(204);
    expect((await setStatus(actors.moderator.pat, 'listed')).statusCode).toBe(204);
    expect(await status()).toBe('listed');
  });

  it('refuses strangers (401 on a visible collection, 404 on a private one) and needs COLLECTION_WRITE', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const a = await project();
    const open = await create(owner, { name: 'Open', projects: [a.key] });
    const closed = await create(owner, { name: 'Closed', projects: [a.key] });
    await call('PATCH', `/v2/collection/${closed.id}`, owner.pat, { status: 'private' });
    expect((await call('PATCH', `/v2/collection/${open.id}`, actors.stranger.pat, { name: 'Mine now' })).statusCode).toBe(401);
    expect((await call('PATCH', `/v2/collection/${closed.id}`, actors.stranger.pat, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/collection/${open.id}`, actors.stranger.pat)).statusCode).toBe(401);
    const readOnly = await createPat(ctx.database.db, owner.id, scopeBits('COLLECTION_READ'));
    expect((await call('PATCH', `/v2/collection/${open.id}`, readOnly, { name: 'Nope' })).statusCode).toBe(401);
    expect((await call('PATCH', `/v2/collection/${open.id}`, actors.moderator.pat, { name: 'Moderated' })).statusCode).toBe(204);
    expect(Contract.parse((await read(open.id)).json()).name).toBe('Moderated');
  });
});

describe('icons and deletion', () => {
  it('sets and removes an icon, then deletes the collection', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const collection = await create(owner, { name: 'With icon' });
    const upload = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/collection/${collection.id}/icon?ext=png`,
      headers: { authorization: owner.pat, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(upload.statusCode, upload.body).toBe(204);
    const withIcon = Contract.parse((await read(collection.id, owner.pat)).json());
    expect(withIcon.icon_url).toMatch(/^https?:\/\/.+\/[0-9a-f]{128}\.(webp|gif)$/);
    expect(withIcon.color).toEqual(expect.any(Number));

    const notImage = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/collection/${collection.id}/icon?ext=png`,
      headers: { authorization: owner.pat, 'content-type': 'image/png' },
      payload: Buffer.from('not an image at all'),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: 'invalid_image' });

    expect((await call('DELETE', `/v2/collection/${collection.id}/icon`, owner.pat)).statusCode).toBe(204);
    expect(Contract.parse((await read(collection.id, owner.pat)).json())).toMatchObject({ icon_url: null, color: null });

    expect((await call('DELETE', `/v2/collection/${collection.id}`, owner.pat)).statusCode).toBe(204);
    expect((await read(collection.id, owner.pat)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/collection/${collection.id}`, owner.pat)).statusCode).toBe(404);
  });
});
