import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ReviewCheckItemSchema, ReviewCheckSchema, ReviewChecksSchema, type ReviewCheck } from '@cairn/shared/schemas/review-checks';
import { projectGalleryImages, projectLinks, projects, teamMembers } from '../../src/db/schema/catalogue.js';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { postVersion, sha1, sha512, versionData } from '../helpers/versions.js';
import { zip } from '../helpers/zip.js';
import { eventually } from '../helpers/eventually.js';
import { VersionScanSchema } from '@cairn/shared/schemas/malware';

// GET /v2/project/{id}/review_checks against real uploads: the files are read back from the
// file store, so the metadata and attribution checks see what a launcher would install.

const Checks = ReviewChecksSchema.extend({ checks: z.array(ReviewCheckSchema.extend({ items: z.array(ReviewCheckItemSchema.strict()) }).strict()) }).strict();

let ctx: TestContext;
let actors: Actors;
const call = testClient(() => ctx.app);

beforeAll(async () => {
  // With the worker: uploads are scanned, which the files_scanned check reads.
  ctx = await createTestContext({ jobs: true });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const DESCRIPTION = 'Copper golems that walk your storage room and sort every item into the chest that already holds it. '.repeat(3);

/** The start of a Java class file: the scan quarantines `.class` entries without it. */
const CLASS_BYTES = Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x41]);

const fabricJar = (classBytes: Buffer = CLASS_BYTES) =>
  zip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'golems', version: '1.0.0', name: 'Golems', depends: { minecraft: '1.20.1' } }), [`golems/${Math.random()}.class`]: classBytes });

/** Waits until the worker has scanned the version's files (the answer's state). */
const scanned = (versionId: string) =>
  eventually(async () => {
    const scan = VersionScanSchema.parse((await call('GET', `/v2/version/${versionId}/scan`, actors.creator.pat)).json());
    return scan.state === 'pending' ? undefined : scan.state;
  }, 15_000, `version ${versionId} to be scanned`);

function modpack(): Buffer {
  const listed = Buffer.from(`listed-${Math.random()}`);
  const index = {
    formatVersion: 1,
    game: 'minecraft',
    versionId: '2.0.0',
    name: 'Golem Pack',
    files: [
      {
        path: 'mods/sorting-tweaks-1.4.jar',
        hashes: { sha1: sha1(listed), sha512: sha512(listed) },
        env: { client: 'required', server: 'required' },
        downloads: ['https://github.com/someone/sorting-tweaks/releases/download/1.4/sorting-tweaks-1.4.jar'],
        fileSize: listed.length,
      },
    ],
    dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' },
  };
  return zip({
    'modrinth.index.json': JSON.stringify(index),
    'overrides/mods/golem-lights-0.3.jar': 'bundled jar bytes',
    'overrides/config/golems.toml': 'speed = 2',
  });
}

async function draft(): Promise<InsertedProject> {
  const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft' });
  await ctx.database.db.update(projects).set({ body: DESCRIPTION, licenseId: 'MIT' }).where(eq(projects.id, project.id));
  return project;
}

const checksOf = async (project: InsertedProject, token = actors.creator.pat) => {
  const response = await call('GET', `/v2/project/${project.key}/review_checks`, token);
  expect(response.statusCode, response.body).toBe(200);
  return Checks.parse(response.json());
};
const byId = (answer: z.infer<typeof Checks>, id: ReviewCheck['id']) => answer.checks.find((check) => check.id === id)!;

describe('GET /v2/project/{id}/review_checks', () => {
  it('passes a well-prepared mod whose version agrees with its file', async () => {
    const project = await draft();
    const upload = await postVersion(ctx.app, actors.creator.pat, versionData(project.key), [{ part: 'file', filename: 'golems.jar', bytes: fabricJar() }]);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await scanned(upload.json<{ id: string }>().id)).toBe('clean');
    const answer = await checksOf(project);
    expect(answer.checks.map((check) => [check.id, check.status])).toEqual([
      ['license', 'pass'],
      ['description', 'pass'],
      ['links', 'pass'],
      ['gallery_alt_text', 'pass'],
      ['modpack_attribution', 'pass'],
      ['version_metadata', 'pass'],
      ['files_scanned', 'pass'],
    ]);
    expect(answer).toMatchObject({ project_id: project.key, can_submit: true, counts: { pass: 7, warn: 0, fail: 0 } });
  });

  it('fails and warns with a place to fix each finding', async () => {
    const project = await draft();
    const db = ctx.database.db;
    await db.update(projects).set({ body: '# Golems\n\nSorts items.', licenseId: 'LicenseRef-Golem-License', licenseUrl: null }).where(eq(projects.id, project.id));
    await db.insert(projectLinks).values({ projectId: project.id, platform: 'issues', donation: false, url: 'http://example.org/issues' });
    await db.insert(projectGalleryImages).values({ projectId: project.id, imageKey: 'gallery/a.webp', rawImageKey: 'gallery/a.png' });
    // Declared for Forge and 1.21 as well; the jar is a Fabric mod for 1.20.1.
    const data = versionData(project.key, { loaders: ['fabric', 'forge'], game_versions: ['1.20.1', '1.21'] });
    const upload = await postVersion(ctx.app, actors.creator.pat, data, [{ part: 'file', filename: 'golems.jar', bytes: fabricJar() }]);
    expect(upload.statusCode, upload.body).toBe(200);
    const versionId = upload.json<{ id: string }>().id;
    expect(await scanned(versionId)).toBe('clean');

    const answer = await checksOf(project);
    expect(answer.can_submit).toBe(false);
    expect(answer.counts).toEqual({ pass: 2, warn: 2, fail: 3 });
    expect(byId(answer, 'license')).toMatchObject({ status: 'fail', reason: 'custom_without_url', fix: { kind: 'settings', section: 'license', field: 'license_url' } });
    expect(byId(answer, 'description')).toMatchObject({ status: 'fail', reason: 'too_short', values: { length: 12, minimum: 200 } });
    expect(byId(answer, 'links')).toMatchObject({ status: 'fail', reason: 'malformed', items: [{ subject: 'issues', fix: { field: 'issues_url' } }] });
    expect(byId(answer, 'gallery_alt_text')).toMatchObject({ status: 'warn', reason: 'missing_alt', item_count: 1, fix: { kind: 'gallery' } });
    const metadata = byId(answer, 'version_metadata');
    expect(metadata).toMatchObject({ status: 'warn', reason: 'mismatch' });
    expect(metadata.items).toEqual([
      { subject: '1.0.0', version_id: versionId, field: 'loaders', declared: ['forge'], found: ['fabric'], fix: { kind: 'version', version_id: versionId } },
      expect.objectContaining({ field: 'game_versions', declared: ['1.21'], found: ['1.20.1'] }),
    ]);
  });

  it("lists a modpack's bundled files without attribution until the description credits them", async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft', declaredType: 'modpack' });
    await ctx.database.db.update(projects).set({ body: DESCRIPTION }).where(eq(projects.id, project.id));
    const upload = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { loaders: ['mrpack'], version_number: '2.0.0' }), [
      { part: 'file', filename: 'golem-pack.mrpack', bytes: modpack() },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    const versionId = upload.json<{ id: string }>().id;

    const before = byId(await checksOf(project), 'modpack_attribution');
    expect(before).toMatchObject({ status: 'fail', reason: 'missing', fix: { kind: 'settings', section: 'description', field: 'body' } });
    expect(before.items.map((item) => [item.subject, item.version_id])).toEqual([
      ['overrides/mods/golem-lights-0.3.jar', versionId],
      ['sorting-tweaks-1.4.jar', versionId],
    ]);
    // The pack's own index agrees with what the version declares.
    expect(byId(await checksOf(project), 'version_metadata').status).toBe('pass');

    const credits = `${DESCRIPTION}\n\n## Credits\n\nGolem Lights and Sorting Tweaks are included with their authors' permission.`;
    await ctx.database.db.update(projects).set({ body: credits.replace('Golem Lights', 'golem-lights').replace('Sorting Tweaks', 'sorting-tweaks') }).where(eq(projects.id, project.id));
    expect(byId(await checksOf(project), 'modpack_attribution')).toMatchObject({ status: 'pass', reason: 'ok' });
  });

  it('fails while the upload scan holds a version in quarantine', async () => {
    const project = await draft();
    const clean = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '1.0.0' }), [{ part: 'file', filename: 'golems.jar', bytes: fabricJar() }]);
    expect(await scanned(clean.json<{ id: string }>().id)).toBe('clean');
    // Not a class file behind a .class name: the structural check quarantines it.
    const odd = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '1.0.1' }), [
      { part: 'file', filename: 'golems-odd.jar', bytes: fabricJar(Buffer.from('not a class file')) },
    ]);
    const oddId = odd.json<{ id: string }>().id;
    expect(await scanned(oddId)).toBe('quarantined');
    const answer = await checksOf(project);
    expect(answer.can_submit).toBe(false);
    expect(byId(answer, 'files_scanned')).toMatchObject({
      status: 'fail',
      reason: 'quarantined',
      items: [{ subject: '1.0.1', version_id: oddId, fix: { kind: 'version', version_id: oddId } }],
    });
  });

  it('answers moderators, refuses team members who may not edit, and hides the project from strangers', async () => {
    const project = await draft();
    expect((await checksOf(project, actors.moderator.pat)).project_id).toBe(project.key);
    await ctx.database.db.insert(teamMembers).values({ teamId: project.teamId, userId: actors.user.id, accepted: true, permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    const member = await call('GET', `/v2/project/${project.key}/review_checks`, actors.user.pat);
    expect(member.statusCode).toBe(401);
    expect(member.json()).toMatchObject({ error: 'unauthorized' });
    await ctx.database.db.update(teamMembers).set({ permissions: PROJECT_PERMISSIONS.EDIT_DETAILS }).where(eq(teamMembers.userId, actors.user.id));
    expect((await call('GET', `/v2/project/${project.key}/review_checks`, actors.user.pat)).statusCode).toBe(200);
    const stranger = await call('GET', `/v2/project/${project.key}/review_checks`, actors.stranger.pat);
    expect(stranger.statusCode).toBe(404);
    expect((await call('GET', '/v2/project/nope1234/review_checks', actors.creator.pat)).statusCode).toBe(404);
    expect((await call('GET', `/v2/project/${project.key}/review_checks`)).statusCode).toBe(401);
  });
});
