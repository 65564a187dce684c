import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';
import { createFileTokens } from '../../src/lib/file-tokens.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, type InsertedProject } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';

let ctx: TestContext;
let actors: Actors;
let project: InsertedProject;
let draft: Version;
let draftBytes: Buffer;
let listed: Version;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'secret-drafts' });
  draftBytes = jar('draft-build');
  draft = VersionSchema.parse(
    (await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '2.0.0-draft', status: 'draft' }), [{ part: 'file', filename: 'draft build.jar', bytes: draftBytes }])).json(),
  );
  listed = VersionSchema.parse(
    (await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '1.0.0' }), [{ part: 'file', filename: 'release.jar', bytes: jar('release-build') }])).json(),
  );
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const get = (url: string, token?: string) => call('GET', url, token);
/** Path and query of a file link, as a client without credentials follows it. */
const follow = (url: string) => {
  const parsed = new URL(url);
  return call('GET', `${parsed.pathname}${parsed.search}`);
};
const tokenOf = (url: string) => new URL(url).searchParams.get('token');
const unsigned = (url: string) => url.split('?')[0]!;

describe('links to files of hidden versions', () => {
  it('are signed in answers to the team, and the signed link downloads without credentials', async () => {
    expect(tokenOf(draft.files[0]!.url)).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const own = VersionSchema.parse((await get(`/v2/version/${draft.id}`, actors.creator.pat)).json());
    const url = own.files[0]!.url;
    expect(unsigned(url)).toBe(`${ctx.config.publicApiUrl}/data/${project.key}/versions/${draft.id}/draft%20build.jar`);

    const download = await follow(url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(draftBytes)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-store');
    // Without the token, nobody but the team and moderators gets it.
    expect((await follow(unsigned(url))).statusCode).toBe(404);
    expect((await get(new URL(unsigned(url)).pathname, actors.stranger.pat)).statusCode).toBe(404);
  });

  it('are signed for moderators and members too, in lists, hash lookups and redirects', async () => {
    const asModerator = VersionSchema.parse((await get(`/v2/version/${draft.id}`, actors.moderator.pat)).json());
    expect((await follow(asModerator.files[0]!.url)).statusCode).toBe(200);

    await addTeamMember(ctx.database.db, project.teamId, actors.user.id, { accepted: false });
    const list = (await get(`/v2/project/${project.key}/version`, actors.user.pat)).json() as Version[];
    const inList = list.find((v) => v.id === draft.id)!;
    expect(tokenOf(inList.files[0]!.url)).not.toBeNull();
    expect(tokenOf(list.find((v) => v.id === listed.id)!.files[0]!.url)).toBeNull();

    const sha1 = draft.files[0]!.hashes.sha1;
    for (let i = 0; i < 2; i++) {
      // The second answer comes from the version cache, which must not hold signed links for others.
      const byHash = VersionSchema.parse((await get(`/v2/version_file/${sha1}`, actors.creator.pat)).json());
      expect((await follow(byHash.files[0]!.url)).statusCode).toBe(200);
    }
    const redirect = await get(`/v2/version_file/${sha1}/download`, actors.creator.pat);
    expect(redirect.statusCode).toBe(307);
    expect((await follow(redirect.headers.location as string)).statusCode).toBe(200);
  });

  it('are never handed to outsiders', async () => {
    expect((await get(`/v2/version/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/v2/version/${draft.id}`, actors.stranger.pat)).statusCode).toBe(404);
    const list = (await get(`/v2/project/${project.key}/version`, actors.stranger.pat)).json() as Version[];
    expect(list.map((v) => v.id)).toEqual([listed.id]);
    expect((await get(`/v2/version_file/${draft.files[0]!.hashes.sha1}`)).statusCode).toBe(404);
  });

  it('refuse altered, misapplied and foreign tokens (403) and expired ones (404)', async () => {
    const url = draft.files[0]!.url;
    const token = tokenOf(url)!;
    const [expires, mac] = token.split('.') as [string, string];
    const path = new URL(url).pathname;
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [`${expires}.${flipped}`, `${Number(expires) + 86400}.${mac}`, 'garbage']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(bad)}` });
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toMatchObject({ error: 'invalid_token' });
    }
    // Another file's token does not open this one, nor does one signed with another secret.
    const other = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft' });
    const otherVersion = VersionSchema.parse(
      (await postVersion(ctx.app, actors.creator.pat, versionData(other.key), [{ part: 'file', filename: 'other.jar', bytes: jar('other-build') }])).json(),
    );
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=${tokenOf(otherVersion.files[0]!.url)}` })).statusCode).toBe(403);
    const file = { projectId: project.key, versionId: draft.id, filename: 'draft build.jar', sha1: draft.files[0]!.hashes.sha1 };
    const foreign = createFileTokens('x'.repeat(64)).sign(file);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=${foreign}` })).statusCode).toBe(403);

    const serverTokens = createFileTokens(ctx.config.fileUrlSecret);
    const expired = serverTokens.sign(file, Date.now() - 2 * 60 * 60 * 1000);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=${expired}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=${serverTokens.sign(file)}` })).statusCode).toBe(200);
  });

  it('leave files of hidden projects signed and public files at their stable address', async () => {
    const hiddenProject = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'private' });
    const inHidden = VersionSchema.parse(
      (await postVersion(ctx.app, actors.creator.pat, versionData(hiddenProject.key), [{ part: 'file', filename: 'private.jar', bytes: jar('private-build') }])).json(),
    );
    expect(inHidden.status).toBe('listed');
    expect(tokenOf(inHidden.files[0]!.url)).not.toBeNull();
    expect((await follow(inHidden.files[0]!.url)).statusCode).toBe(200);
    expect((await follow(unsigned(inHidden.files[0]!.url))).statusCode).toBe(404);

    expect(listed.files[0]!.url).toBe(`${ctx.config.publicApiUrl}/data/${project.key}/versions/${listed.id}/release.jar`);
    const publicRead = VersionSchema.parse((await get(`/v2/version/${listed.id}`, actors.creator.pat)).json());
    expect(publicRead.files[0]!.url).toBe(listed.files[0]!.url);
    const download = await follow(listed.files[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('public, max-age=31536000');

    // Once the draft is listed, its link is the stable one.
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/v2/version/${draft.id}`, headers: { authorization: actors.creator.pat }, payload: { status: 'listed' } });
    expect(patch.statusCode).toBe(204);
    const nowPublic = VersionSchema.parse((await get(`/v2/version/${draft.id}`)).json());
    expect(tokenOf(nowPublic.files[0]!.url)).toBeNull();
    expect((await follow(nowPublic.files[0]!.url)).statusCode).toBe(200);
  });
});
