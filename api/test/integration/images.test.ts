import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ALL_SCOPES, scopeBits, withoutRestricted } from '@cairn/shared/constants/scopes';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { UploadedImageSchema, type UploadedImage } from '@cairn/shared/schemas/images';
import { uploadedImages } from '../../src/db/schema/images.js';
import { sweepUnattachedImagesJob } from '../../src/modules/images/images.jobs.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';

let ctx: TestContext;
let actors: Actors;
let project: InsertedProject;
let version: InsertedVersion;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'illustrated' });
  version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id });
});
afterAll(() => ctx.close());

let shade = 0;
/** A distinct PNG each call (content-addressed storage would merge identical ones). */
const png = () => sharp({ create: { width: 24, height: 24, channels: 3, background: { r: shade++ % 256, g: 40, b: 90 } } }).png().toBuffer();

const upload = (query: string, body: Buffer, token?: string, contentType = 'image/png') =>
  ctx.app.inject({
    method: 'POST',
    url: `/v2/image?${query}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    payload: body,
  });
const cdnPath = (image: UploadedImage) => new URL(image.url).pathname;
const fetchImage = (image: UploadedImage) => ctx.app.inject({ method: 'GET', url: cdnPath(image) });
const rowOf = async (image: UploadedImage) =>
  (await ctx.database.db.select().from(uploadedImages).where(eq(uploadedImages.blobKey, image.url.split('/').pop()!)))[0];

describe('POST /v2/image', () => {
  it('stores an image for a project description and answers where it is', async () => {
    const bytes = await png();
    const response = await upload(`ext=png&context=project&project_id=${project.key}`, bytes, actors.creator.pat);
    expect(response.statusCode).toBe(200);
    const image = UploadedImageSchema.parse(response.json());
    expect(image).toMatchObject({ context: 'project', project_id: project.key, size: bytes.length, owner_id: expect.any(String) });
    expect(image.version_id).toBeUndefined();
    const served = await fetchImage(image);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores an image for a version changelog', async () => {
    const response = await upload(`ext=png&context=version&version_id=${version.key}`, await png(), actors.creator.pat);
    expect(response.statusCode).toBe(200);
    expect(UploadedImageSchema.parse(response.json())).toMatchObject({ context: 'version', version_id: version.key });
  });

  it('refuses anonymous callers, strangers and tokens without the scope of the context', async () => {
    const query = `ext=png&context=project&project_id=${project.key}`;
    expect((await upload(query, await png())).statusCode).toBe(401);
    const stranger = await upload(query, await png(), actors.stranger.pat);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ error: 'unauthorized' });

    const withoutProjectWrite = await createPat(ctx.database.db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('PROJECT_WRITE'));
    const denied = await upload(query, await png(), withoutProjectWrite);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().description).toContain('PROJECT_WRITE');
    const onlyProjectWrite = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_WRITE'));
    expect((await upload(query, await png(), onlyProjectWrite)).statusCode).toBe(200);
    // The version context needs VERSION_WRITE instead.
    expect((await upload(`ext=png&context=version&version_id=${version.key}`, await png(), onlyProjectWrite)).statusCode).toBe(401);

    // A member without EDIT_BODY may not add images to the description.
    await addTeamMember(ctx.database.db, project.teamId, actors.user.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    expect((await upload(query, await png(), actors.user.pat)).statusCode).toBe(401);
    expect((await upload(`ext=png&context=version&version_id=${version.key}`, await png(), actors.user.pat)).statusCode).toBe(200);
  });

  it('answers 400 for unknown or invisible items, missing ids, bad contexts and non-images', async () => {
    const hidden = await insertProject(ctx.database.db, { ownerId: actors.admin.id, status: 'draft' });
    const cases: Array<[string, string]> = [
      [`ext=png&context=project&project_id=ZZZZZZZZ`, 'project_id'],
      [`ext=png&context=project&project_id=${hidden.key}`, 'project_id'],
      [`ext=png&context=project`, 'project_id'],
      [`ext=png&context=version&version_id=ZZZZZZZZ`, 'version_id'],
      [`ext=png&context=thread_message&thread_message_id=AAAAAAAA`, 'thread_message_id'],
      [`ext=png&context=report&report_id=AAAAAAAA`, 'report_id'],
      [`ext=png&context=gallery&project_id=${project.key}`, 'context'],
      [`ext=svg&context=project&project_id=${project.key}`, 'ext'],
    ];
    for (const [query, field] of cases) {
      const response = await upload(query, await png(), actors.creator.pat);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().description, query).toContain(field);
    }
    const notImage = await upload(`ext=png&context=project&project_id=${project.key}`, Buffer.from('not an image at all'), actors.creator.pat);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: 'invalid_image' });
    const tooLarge = await upload(`ext=png&context=project&project_id=${project.key}`, Buffer.alloc(1024 * 1024 + 1, 1), actors.creator.pat);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().description).toContain('limit');
  });
});

describe('images and the text they belong to', () => {
  const patchBody = (body: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.key}`, headers: { authorization: actors.creator.pat }, payload: { body } });

  it('keeps the images a saved description shows and deletes the ones it dropped', async () => {
    const kept = UploadedImageSchema.parse((await upload(`ext=png&context=project&project_id=${project.key}`, await png(), actors.creator.pat)).json());
    const dropped = UploadedImageSchema.parse((await upload(`ext=png&context=project&project_id=${project.key}`, await png(), actors.creator.pat)).json());
    expect((await patchBody(`Look: ![one](${kept.url}) and ![two](${dropped.url})`)).statusCode).toBe(204);
    expect((await rowOf(kept))?.attached).toBe(true);
    expect((await rowOf(dropped))?.attached).toBe(true);

    expect((await patchBody(`Only ![one](${kept.url}) now`)).statusCode).toBe(204);
    expect((await fetchImage(kept)).statusCode).toBe(200);
    expect(await rowOf(dropped)).toBeUndefined();
    expect((await fetchImage(dropped)).statusCode).toBe(404);
  });

  it('deletes images dropped from an edited changelog', async () => {
    const image = UploadedImageSchema.parse((await upload(`ext=png&context=version&version_id=${version.key}`, await png(), actors.creator.pat)).json());
    const patch = (changelog: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/v2/version/${version.key}`, headers: { authorization: actors.creator.pat }, payload: { changelog } });
    expect((await patch(`![shot](${image.url})`)).statusCode).toBe(204);
    expect((await fetchImage(image)).statusCode).toBe(200);
    expect((await patch('No pictures any more')).statusCode).toBe(204);
    expect((await fetchImage(image)).statusCode).toBe(404);
  });

  it('sweeps images never attached once they are a day old, and keeps attached ones', async () => {
    const stale = UploadedImageSchema.parse((await upload(`ext=png&context=project&project_id=${project.key}`, await png(), actors.creator.pat)).json());
    const recent = UploadedImageSchema.parse((await upload(`ext=png&context=project&project_id=${project.key}`, await png(), actors.creator.pat)).json());
    const attached = UploadedImageSchema.parse((await upload(`ext=png&context=project&project_id=${project.key}`, await png(), actors.creator.pat)).json());
    expect((await patchBody(`![kept](${attached.url}) ![pending](${recent.url}) ![old](${stale.url})`)).statusCode).toBe(204);
    // Only `stale` and `recent` stay unattached: upload them as not yet saved, backdate one.
    await ctx.database.db.update(uploadedImages).set({ attached: false }).where(eq(uploadedImages.id, (await rowOf(recent))!.id));
    await ctx.database.db.update(uploadedImages).set({ attached: false, created: new Date(Date.now() - 25 * 3600_000) }).where(eq(uploadedImages.id, (await rowOf(stale))!.id));
    await ctx.database.db.update(uploadedImages).set({ created: new Date(Date.now() - 25 * 3600_000) }).where(eq(uploadedImages.id, (await rowOf(attached))!.id));

    await sweepUnattachedImagesJob.handle({ db: ctx.database.db, files: ctx.files, search: ctx.search, config: ctx.config }, []);
    expect(await rowOf(stale)).toBeUndefined();
    expect((await fetchImage(stale)).statusCode).toBe(404);
    expect((await fetchImage(recent)).statusCode).toBe(200);
    expect((await fetchImage(attached)).statusCode).toBe(200);
  });
});
