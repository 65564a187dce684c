import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { ProjectSchema, type Project } from '@cairn/shared/schemas/projects';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { searchOutbox } from '../../src/db/schema/catalogue.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ authorization: token });
async function project(key: string, token = actors.admin.pat): Promise<Project> {
  const response = await ctx.app.inject({ method: 'GET', url: `/v2/project/${key}`, headers: auth(token) });
  expect(response.statusCode, response.body).toBe(200);
  return ProjectSchema.parse(response.json());
}
const patch = (key: string, body: unknown, token: string) => ctx.app.inject({ method: 'PATCH', url: `/v2/project/${key}`, payload: body as object, headers: auth(token) });
const png = (size: number, r = 200) => sharp({ create: { width: size, height: size, channels: 3, background: { r, g: 40, b: 40 } } }).png().toBuffer();

/** A fresh project of the creator with one listed version. */
async function freshProject(fields: Partial<Parameters<typeof insertProject>[1]> = {}): Promise<InsertedProject> {
  const p = await insertProject(ctx.database.db, { ownerId: actors.creator.id, ...fields });
  await insertVersion(ctx.database.db, { projectId: p.id, authorId: actors.creator.id });
  return p;
}

describe('PATCH /v2/project/{id|slug}', () => {
  it('edits details, links, license, categories and body; null removes a link', async () => {
    const p = await freshProject();
    const response = await patch(p.key, {
      slug: 'renamed-project',
      title: 'Renamed',
      description: 'A better summary',
      body: 'New body',
      categories: ['magic'],
      additional_categories: ['storage'],
      issues_url: 'https://example.com/issues',
      source_url: 'https://example.com/source',
      license_id: 'apache-2.0',
      license_url: 'https://example.com/license',
      donation_urls: [{ id: 'ko-fi', platform: 'Ko-fi', url: 'https://ko-fi.com/me' }],
    }, actors.creator.pat);
    expect(response.statusCode, response.body).toBe(204);
    const edited = await project('renamed-project');
    expect(edited).toMatchObject({
      title: 'Renamed',
      description: 'A better summary',
      body: 'New body',
      categories: ['magic'],
      additional_categories: ['storage'],
      issues_url: 'https://example.com/issues',
      source_url: 'https://example.com/source',
      license: { id: 'Apache-2.0', name: 'Apache License 2.0', url: 'https://example.com/license' },
      donation_urls: [{ id: 'ko-fi', platform: 'Ko-fi', url: 'https://ko-fi.com/me' }],
    });
    expect((await patch(p.key, { issues_url: null, license_id: 'arr' }, actors.creator.pat)).statusCode).toBe(204);
    const cleared = await project(p.key);
    expect(cleared.issues_url).toBeNull();
    expect(cleared.license).toMatchObject({ id: 'LicenseRef-All-Rights-Reserved', name: 'All Rights Reserved' });
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.slug}` })).statusCode).toBe(404);
  });

  it('rewrites every version environment from client_side/server_side', async () => {
    const p = await freshProject();
    expect((await patch(p.key, { client_side: 'unsupported', server_side: 'required' }, actors.creator.pat)).statusCode).toBe(204);
    expect(await project(p.key)).toMatchObject({ client_side: 'unsupported', server_side: 'required', environment: ['server_only'] });
  });

  it('refuses invalid values with 400 naming the field', async () => {
    const p = await freshProject();
    const other = await freshProject();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: 'a' }, 'slug'],
      [{ slug: 'has space' }, 'slug'],
      [{ slug: other.slug.toUpperCase() }, 'slug'],
      [{ slug: other.key }, 'slug'],
      [{ title: 'x'.repeat(65) }, 'title'],
      [{ description: 'ab' }, 'description'],
      [{ categories: ['nope'] }, 'categories'],
      [{ categories: ['utility', 'magic', 'storage', 'food'] }, 'categories'],
      [{ issues_url: 'ftp://example.com' }, 'issues_url'],
      [{ license_id: 'Bogus-1.0' }, 'license_id'],
      [{ donation_urls: [{ id: 'nope', platform: 'x', url: 'https://e.com' }] }, 'donation_urls'],
      [{ requested_status: 'processing' }, 'requested_status'],
      [{ requested_status: 'withheld' }, 'requested_status'],
      [{ requested_status: 'scheduled' }, 'requested_status'],
      [{ requested_status: 'unknown-status' }, 'requested_status'],
      [{ status: 'not-a-status' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(p.key, body, actors.creator.pat);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().description).toContain(field);
    }
    // Setting a project's own slug again is fine.
    expect((await patch(p.key, { slug: p.slug }, actors.creator.pat)).statusCode).toBe(204);
  });

  it('answers 404 for projects the caller cannot see and 401 without any permission', async () => {
    const hidden = await freshProject({ status: 'draft' });
    expect((await patch(hidden.key, { title: 'Mine now' }, actors.stranger.pat)).statusCode).toBe(404);
    const visible = await freshProject();
    expect((await patch(visible.key, { title: 'Mine now' }, actors.stranger.pat)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${visible.key}`, payload: { title: 'Anonymous' } })).statusCode).toBe(401);
  });

  it('lets only moderators write moderation messages; members may clear them once approved', async () => {
    const p = await freshProject();
    expect((await patch(p.key, { moderation_message: 'Fix the description' }, actors.creator.pat)).statusCode).toBe(401);
    expect((await patch(p.key, { moderation_message: 'Fix the description', moderation_message_body: 'Details' }, actors.moderator.pat)).statusCode).toBe(204);
    expect((await project(p.key)).moderator_message).toEqual({ message: 'Fix the description', body: 'Details' });
    expect((await patch(p.key, { moderation_message: null, moderation_message_body: null }, actors.creator.pat)).statusCode).toBe(204);
    expect((await project(p.key)).moderator_message).toBeNull();
  });

  it('keeps force-demonetization to moderators', async () => {
    const p = await freshProject();
    expect((await patch(p.key, { monetization_status: 'demonetized' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await patch(p.key, { monetization_status: 'force-demonetized' }, actors.creator.pat)).statusCode).toBe(401);
    expect((await patch(p.key, { monetization_status: 'force-demonetized' }, actors.moderator.pat)).statusCode).toBe(204);
    expect((await patch(p.key, { monetization_status: 'monetized' }, actors.creator.pat)).statusCode).toBe(401);
  });

  it('records every change in the search outbox', async () => {
    const p = await freshProject();
    await ctx.database.db.delete(searchOutbox);
    expect((await patch(p.key, { title: 'Outbox' }, actors.creator.pat)).statusCode).toBe(204);
    const rows = await ctx.database.db.select({ projectId: searchOutbox.projectId }).from(searchOutbox);
    expect(rows.map((r) => r.projectId)).toEqual([p.id]);
  });
});

describe('status transitions', () => {
  it('lets the owner submit a draft for review, never approve it', async () => {
    const p = await freshProject({ status: 'draft' });
    expect((await patch(p.key, { status: 'approved' }, actors.creator.pat)).statusCode).toBe(401);
    expect((await patch(p.key, { status: 'processing' }, actors.creator.pat)).statusCode).toBe(204);
    const submitted = await project(p.key);
    expect(submitted.status).toBe('processing');
    expect(submitted.queued).not.toBeNull();
    expect((await patch(p.key, { status: 'approved' }, actors.creator.pat)).statusCode).toBe(401);
    expect((await patch(p.key, { status: 'private' }, actors.creator.pat)).statusCode).toBe(401);
  });

  it('needs a version before review', async () => {
    const p = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft' });
    const response = await patch(p.key, { status: 'processing' }, actors.creator.pat);
    expect(response.statusCode).toBe(400);
  });

  it('lets moderators approve, reject and withhold, with a message', async () => {
    const p = await freshProject({ status: 'processing' });
    expect((await patch(p.key, { status: 'rejected', moderation_message: 'Missing license text' }, actors.moderator.pat)).statusCode).toBe(204);
    expect(await project(p.key)).toMatchObject({ status: 'rejected', moderator_message: { message: 'Missing license text' }, approved: null });
    // The owner may resubmit a rejected project; that clears the message.
    expect((await patch(p.key, { status: 'processing' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await project(p.key)).moderator_message).toBeNull();
    expect((await patch(p.key, { status: 'approved' }, actors.moderator.pat)).statusCode).toBe(204);
    const approved = await project(p.key);
    expect(approved.status).toBe('approved');
    expect(approved.approved).not.toBeNull();
    expect((await patch(p.key, { status: 'withheld' }, actors.moderator.pat)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.key}` })).statusCode).toBe(200);
  });

  it('lets owners of approved projects switch between the statuses they may request', async () => {
    const p = await freshProject();
    for (const status of ['unlisted', 'private', 'archived', 'approved', 'draft']) {
      expect((await patch(p.key, { status }, actors.creator.pat)).statusCode, status).toBe(204);
    }
    expect((await patch(p.key, { status: 'approved' }, actors.creator.pat)).statusCode).toBe(401);
    const approvedAgain = await freshProject();
    for (const status of ['rejected', 'withheld', 'processing', 'scheduled', 'unknown']) {
      expect((await patch(approvedAgain.key, { status }, actors.creator.pat)).statusCode, status).toBe(401);
    }
    expect((await patch(approvedAgain.key, { requested_status: 'unlisted' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await project(approvedAgain.key)).requested_status).toBe('unlisted');
  });

  it('hides private and unlisted projects where they belong', async () => {
    const p = await freshProject();
    expect((await patch(p.key, { status: 'unlisted' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.key}` })).statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: `/v2/user/${actors.creator.username}/projects` });
    expect(list.json().map((x: Project) => x.id)).not.toContain(p.key);
    expect((await patch(p.key, { status: 'private' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.key}` })).statusCode).toBe(404);
  });
});

describe('PATCH /v2/projects (bulk)', () => {
  const bulk = (keys: string[], body: unknown, token: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/projects?ids=${encodeURIComponent(JSON.stringify(keys))}`, payload: body as object, headers: auth(token) });

  it('replaces, removes and adds categories and links on every project', async () => {
    const a = await freshProject({ categories: ['utility'] });
    const b = await freshProject({ categories: ['magic', 'storage'] });
    expect((await bulk([a.key, b.key], { add_categories: ['food'], remove_categories: ['storage'], add_additional_categories: ['mobs'], discord_url: 'https://discord.gg/x' }, actors.creator.pat)).statusCode).toBe(204);
    expect(await project(a.key)).toMatchObject({ categories: ['food', 'utility'], additional_categories: ['mobs'], discord_url: 'https://discord.gg/x' });
    expect(await project(b.key)).toMatchObject({ categories: ['food', 'magic'], additional_categories: ['mobs'] });
    expect((await bulk([a.key, b.key], {
      donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/a' }],
      add_donation_urls: [{ id: 'github', platform: 'GitHub Sponsors', url: 'https://github.com/sponsors/a' }],
      remove_donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/a' }],
      discord_url: null,
    }, actors.creator.pat)).statusCode).toBe(204);
    expect(await project(a.key)).toMatchObject({ donation_urls: [{ id: 'github', platform: 'GitHub Sponsors', url: 'https://github.com/sponsors/a' }], discord_url: null });
  });

  it('checks every project: invisible → 404, lacking EDIT_DETAILS → 401, unknown category → 400', async () => {
    const mine = await freshProject();
    const theirs = await insertProject(ctx.database.db, { ownerId: actors.user.id });
    const hidden = await insertProject(ctx.database.db, { ownerId: actors.user.id, status: 'draft' });
    expect((await bulk([mine.key, theirs.key], { categories: ['magic'] }, actors.creator.pat)).statusCode).toBe(401);
    expect((await bulk([mine.key, hidden.key], { categories: ['magic'] }, actors.creator.pat)).statusCode).toBe(404);
    expect((await bulk([mine.key, 'zzzzzzzz'], { categories: ['magic'] }, actors.creator.pat)).statusCode).toBe(404);
    expect((await bulk([mine.key], { add_categories: ['nope'] }, actors.creator.pat)).statusCode).toBe(400);
    expect((await project(mine.key)).categories).toEqual(['utility']);
    expect((await bulk([mine.key, theirs.key], { categories: ['magic'] }, actors.moderator.pat)).statusCode).toBe(204);
  });
});

describe('icons and gallery', () => {
  const icon = (key: string, body: Buffer | string, token: string, type = 'image/png') =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/project/${key}/icon?ext=png`, payload: body, headers: { ...auth(token), 'content-type': type } });

  it('sets and removes the icon', async () => {
    const p = await freshProject();
    const image = await png(300);
    expect((await icon(p.key, image, actors.creator.pat)).statusCode).toBe(204);
    const withIcon = await project(p.key);
    expect(withIcon.icon_url).toMatch(/\.webp$/);
    expect(withIcon.raw_icon_url).toMatch(/\.png$/);
    expect(withIcon.color! >> 16).toBeGreaterThan(150);
    const served = await ctx.app.inject({ method: 'GET', url: `/cdn/${withIcon.icon_url!.split('/').pop()}` });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(96);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}/icon`, headers: auth(actors.creator.pat) })).statusCode).toBe(204);
    expect(await project(p.key)).toMatchObject({ icon_url: null, raw_icon_url: null, color: null });
    // The blobs went with it.
    expect(await ctx.files.read(withIcon.icon_url!.split('/').pop()!)).toBeUndefined();
  });

  it('refuses non-images, oversized icons and strangers', async () => {
    const p = await freshProject();
    expect((await icon(p.key, '<svg xmlns="http://www.w3.org/2000/svg"/>', actors.creator.pat, 'image/svg+xml')).statusCode).toBe(400);
    expect((await icon(p.key, Buffer.alloc(300 * 1024, 1), actors.creator.pat)).statusCode).toBe(400);
    expect((await icon(p.key, await png(50), actors.stranger.pat)).statusCode).toBe(401);
  });

  it('adds, edits and deletes gallery images; one featured at a time', async () => {
    const p = await freshProject();
    const add = (image: Buffer, query: string) =>
      ctx.app.inject({ method: 'POST', url: `/v2/project/${p.key}/gallery?ext=png&${query}`, payload: image, headers: { ...auth(actors.creator.pat), 'content-type': 'image/png' } });
    expect((await add(await png(800, 10), 'featured=true&title=First&description=The%20first&ordering=1')).statusCode).toBe(204);
    expect((await add(await png(800, 20), 'featured=true&title=Second')).statusCode).toBe(204);
    const duplicate = await add(await png(800, 20), 'featured=false');
    expect(duplicate.statusCode).toBe(400);
    expect((await add(await png(800, 30), 'title=No%20featured')).statusCode).toBe(400);
    let gallery = (await project(p.key)).gallery;
    expect(gallery.map((g) => [g.title, g.featured, g.ordering])).toEqual([
      ['Second', true, 0],
      ['First', false, 1],
    ]);
    const first = gallery.find((g) => g.title === 'First')!;
    const edit = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${p.key}/gallery?url=${encodeURIComponent(first.url)}&featured=true&title=Renamed&ordering=-1`, headers: auth(actors.creator.pat) });
    expect(edit.statusCode).toBe(204);
    gallery = (await project(p.key)).gallery;
    expect(gallery.map((g) => [g.title, g.featured])).toEqual([
      ['Renamed', true],
      ['Second', false],
    ]);
    const unknown = await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}/gallery?url=${encodeURIComponent('https://elsewhere.example/x.png')}`, headers: auth(actors.creator.pat) });
    expect(unknown.statusCode).toBe(400);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}/gallery?url=${encodeURIComponent(first.url)}`, headers: auth(actors.creator.pat) });
    expect(removed.statusCode).toBe(204);
    expect((await project(p.key)).gallery.map((g) => g.title)).toEqual(['Second']);
  });
});

describe('DELETE /v2/project/{id|slug}', () => {
  it('deletes the project with its team and frees the slug', async () => {
    const p = await freshProject();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}`, headers: auth(actors.stranger.pat) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}`, headers: auth(actors.creator.pat) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.slug}`, headers: auth(actors.admin.pat) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/team/${p.teamKey}/members`, headers: auth(actors.admin.pat) })).statusCode).toBe(404);
  });

  it('hands rejected projects to the Ghost user instead of deleting them', async () => {
    const p = await freshProject({ status: 'rejected' });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}`, headers: auth(actors.creator.pat) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.key}`, headers: auth(actors.creator.pat) })).statusCode).toBe(404);
    const kept = await project(p.key, actors.moderator.pat);
    expect(kept.slug).toBe(`${p.slug}--deleted-${p.key}`);
    const members = await ctx.app.inject({ method: 'GET', url: `/v2/team/${p.teamKey}/members`, headers: auth(actors.moderator.pat) });
    expect(members.json().map((m: { user: { username: string }; role: string }) => [m.user.username, m.role])).toEqual([['Ghost', 'Owner']]);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${p.slug}/check` })).statusCode).toBe(404);
  });
});

describe('follows', () => {
  let followers: TestUser[];
  beforeEach(async () => {
    followers = [];
    for (let i = 0; i < 20; i++) followers.push(await insertUserWithTokens(ctx.database.db));
  });
  const follow = (method: 'POST' | 'DELETE', key: string, token: string) => ctx.app.inject({ method, url: `/v2/project/${key}/follow`, headers: auth(token) });

  it('counts 20 concurrent follows from 20 users exactly, and unfollows likewise', async () => {
    const p = await freshProject();
    const results = await Promise.all(followers.map((u) => follow('POST', p.key, u.pat)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect((await project(p.key)).followers).toBe(20);
    const again = await Promise.all(followers.slice(0, 5).map((u) => follow('POST', p.key, u.pat)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(5).fill(400));
    const gone = await Promise.all(followers.slice(0, 10).map((u) => follow('DELETE', p.key, u.pat)));
    expect(gone.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    expect((await project(p.key)).followers).toBe(10);
    expect((await follow('DELETE', p.key, followers[0]!.pat)).statusCode).toBe(400);
  });

  it('lists followed projects to the follower (and admins) only, hidden ones filtered', async () => {
    const p = await freshProject();
    const hidden = await freshProject();
    const user = followers[0]!;
    expect((await follow('POST', p.key, user.pat)).statusCode).toBe(204);
    expect((await follow('POST', hidden.key, user.pat)).statusCode).toBe(204);
    expect((await patch(hidden.key, { status: 'private' }, actors.creator.pat)).statusCode).toBe(204);
    const list = await ctx.app.inject({ method: 'GET', url: `/v2/user/${user.username}/follows`, headers: auth(user.pat) });
    expect(list.statusCode).toBe(200);
    expect(z.array(ProjectSchema).parse(list.json()).map((x) => x.id)).toEqual([p.key]);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/user/${user.username}/follows`, headers: auth(actors.stranger.pat) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/user/${user.username}/follows`, headers: auth(actors.admin.pat) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/user/${user.username}/follows` })).statusCode).toBe(401);
  });

  it('answers 404 for invisible projects', async () => {
    const hidden = await freshProject({ status: 'draft' });
    expect((await follow('POST', hidden.key, followers[0]!.pat)).statusCode).toBe(404);
    expect((await follow('POST', 'no-such-project', followers[0]!.pat)).statusCode).toBe(404);
  });
});

describe('team permissions on project routes', () => {
  // Each route needs one permission: members with every other permission are refused (401),
  // a member with just that one succeeds.
  const everyOther = (permission: number) => ALL_PROJECT_PERMISSIONS & ~permission;
  const routes: Array<{ name: string; permission: number; run: (p: InsertedProject, token: string) => Promise<number> }> = [
    { name: 'edit details', permission: PROJECT_PERMISSIONS.EDIT_DETAILS, run: async (p, t) => (await patch(p.key, { title: 'Edited title' }, t)).statusCode },
    { name: 'edit status', permission: PROJECT_PERMISSIONS.EDIT_DETAILS, run: async (p, t) => (await patch(p.key, { status: 'unlisted' }, t)).statusCode },
    { name: 'edit body', permission: PROJECT_PERMISSIONS.EDIT_BODY, run: async (p, t) => (await patch(p.key, { body: 'Edited body' }, t)).statusCode },
    {
      name: 'change icon',
      permission: PROJECT_PERMISSIONS.EDIT_DETAILS,
      run: async (p, t) => (await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${p.key}/icon?ext=png`, payload: await png(40), headers: { ...auth(t), 'content-type': 'image/png' } })).statusCode,
    },
    {
      name: 'add gallery image',
      permission: PROJECT_PERMISSIONS.EDIT_DETAILS,
      run: async (p, t) => (await ctx.app.inject({ method: 'POST', url: `/v2/project/${p.key}/gallery?ext=png&featured=false`, payload: await png(40), headers: { ...auth(t), 'content-type': 'image/png' } })).statusCode,
    },
    { name: 'delete project', permission: PROJECT_PERMISSIONS.DELETE_PROJECT, run: async (p, t) => (await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${p.key}`, headers: auth(t) })).statusCode },
  ];
  for (const route of routes) {
    it(`${route.name} needs its permission`, async () => {
      const p = await freshProject();
      const lacking = await insertUserWithTokens(ctx.database.db);
      const holding = await insertUserWithTokens(ctx.database.db);
      const pendingHolder = await insertUserWithTokens(ctx.database.db);
      await addTeamMember(ctx.database.db, p.teamId, lacking.id, { permissions: everyOther(route.permission) });
      await addTeamMember(ctx.database.db, p.teamId, holding.id, { permissions: route.permission });
      await addTeamMember(ctx.database.db, p.teamId, pendingHolder.id, { permissions: ALL_PROJECT_PERMISSIONS, accepted: false });
      expect(await route.run(p, actors.stranger.pat)).toBe(401);
      expect(await route.run(p, lacking.pat)).toBe(401);
      expect(await route.run(p, pendingHolder.pat)).toBe(401);
      expect(await route.run(p, holding.pat)).toBe(204);
    });
  }
});
