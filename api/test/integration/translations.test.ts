import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { ProjectV3Schema } from '@cairn/shared/schemas/catalogue-v3';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { ModerationQueueSchema } from '@cairn/shared/schemas/moderation';
import { ProjectTranslationListSchema, ProjectTranslationSchema, VersionTranslationListSchema } from '@cairn/shared/schemas/translations';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { searchOk, syncSearch } from '../helpers/search.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';

let ctx: TestContext;
let actors: Actors;
let uploader: TestUser;
let project: InsertedProject;
let version: InsertedVersion;

const call = testClient(() => ctx.app);
const get = (url: string, credential?: string | Record<string, string>) => call('GET', url, credential);
const put = (url: string, token: string | undefined, body: object) => call('PUT', url, token, body);

const GERMAN = { summary: 'Ein Zauberstab für jede Gelegenheit', description: '# Zauberstab\n\nAusführliche Beschreibung auf Deutsch.' };
const FRENCH = { summary: 'Une baguette pour toute occasion', description: 'Description détaillée en français.' };

async function projectWith(url: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  expect(response.statusCode).toBe(200);
  return { response, project: ProjectSchema.parse(response.json()) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  actors = await createActors(db);
  uploader = await insertUserWithTokens(db, { username: 'Uploader' });
  project = await insertProject(db, { ownerId: actors.creator.id, slug: 'wand', title: 'Wand' });
  await addTeamMember(db, project.teamId, uploader.id, { accepted: true, permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
  version = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '1.0.0' });
  await ctx.database.sql`update versions set changelog = 'Fixed the wand' where id = ${version.id}`;
  expect((await put('/v2/project/wand/translations/de-DE', actors.creator.pat, GERMAN)).statusCode).toBe(200);
  expect((await put('/v2/project/wand/translations/fr-fr', actors.creator.pat, FRENCH)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('reading a project in a language', () => {
  it('answers the original by default, with Content-Language, Vary and the available languages', async () => {
    const { response, project: read } = await projectWith('/v2/project/wand');
    expect(read.description).not.toBe(GERMAN.summary);
    expect(read.original_language).toBe('en-US');
    expect(read.description_languages).toEqual(['en-US', 'de-DE', 'fr-FR']);
    expect(response.headers['content-language']).toBe('en-US');
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
  });

  it('honours ?lang= before Accept-Language', async () => {
    const { response, project: read } = await projectWith('/v2/project/wand?lang=de-DE', { 'accept-language': 'fr-FR' });
    expect(read).toMatchObject({ description: GERMAN.summary, body: GERMAN.description, title: 'Wand' });
    expect(response.headers['content-language']).toBe('de-DE');
  });

  it('weighs Accept-Language by quality, falls back to the primary language, then to the original', async () => {
    const byQuality = await projectWith('/v2/project/wand', { 'accept-language': 'fr;q=0.5, de;q=0.9, ja;q=0' });
    expect(byQuality.project.description).toBe(GERMAN.summary);
    expect(byQuality.response.headers['content-language']).toBe('de-DE');
    const primary = await projectWith('/v2/project/wand', { 'accept-language': 'fr-CA' });
    expect(primary.project.description).toBe(FRENCH.summary);
    expect(primary.response.headers['content-language']).toBe('fr-FR');
    const none = await projectWith('/v2/project/wand', { 'accept-language': 'ja-JP, it;q=0.8' });
    expect(none.project.description_languages).toEqual(['en-US', 'de-DE', 'fr-FR']);
    expect(none.response.headers['content-language']).toBe('en-US');
    // English of another region is served by the English original, not by a translation.
    const english = await projectWith('/v2/project/wand', { 'accept-language': 'en-GB, de;q=0.9' });
    expect(english.response.headers['content-language']).toBe('en-US');
    const unknown = await projectWith('/v2/project/wand?lang=ko-KR');
    expect(unknown.response.headers['content-language']).toBe('en-US');
  });

  it('refuses a malformed lang, naming the parameter', async () => {
    const response = await get('/v2/project/wand?lang=de_DE!');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_input' });
    expect(response.json().description).toContain('lang');
  });

  it('answers the v3 project in the language asked for', async () => {
    const response = await get('/v3/project/wand', { 'accept-language': 'de' });
    expect(response.statusCode).toBe(200);
    expect(ProjectV3Schema.parse(response.json())).toMatchObject({ summary: GERMAN.summary, description: GERMAN.description, description_languages: ['en-US', 'de-DE', 'fr-FR'] });
    expect(response.headers['content-language']).toBe('de-DE');
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
  });

  it('serves the original from the cache and builds translations on the cached copy', async () => {
    await get('/v2/project/wand');
    // Changed behind the API's back (no outbox row, so nothing is evicted): only a cached copy still says "Wand".
    await ctx.database.sql`update projects set title = 'Renamed behind the cache' where id = ${project.id}`;
    try {
      expect((await projectWith('/v2/project/wand')).project.title).toBe('Wand');
      expect((await projectWith('/v2/project/wand', { 'accept-language': 'en-US' })).project.title).toBe('Wand');
      expect((await projectWith('/v2/project/wand?lang=en-us')).project.title).toBe('Wand');
      const german = await projectWith('/v2/project/wand?lang=de-DE');
      expect(german.project).toMatchObject({ title: 'Wand', description: GERMAN.summary });
      // A change to the translations evicts the cached copy.
      expect((await put('/v2/project/wand/translations/de-DE', actors.creator.pat, GERMAN)).statusCode).toBe(200);
      expect((await projectWith('/v2/project/wand')).project.title).toBe('Renamed behind the cache');
    } finally {
      await ctx.database.sql`update projects set title = 'Wand' where id = ${project.id}`;
      await put('/v2/project/wand/translations/de-DE', actors.creator.pat, GERMAN);
    }
  });
});

describe('managing project translations', () => {
  it('lists the translations for the team and moderators, not for others', async () => {
    for (const token of [actors.creator.pat, actors.moderator.pat]) {
      const response = await get('/v2/project/wand/translations', token);
      expect(response.statusCode).toBe(200);
      const list = ProjectTranslationListSchema.parse(response.json());
      expect(list.original_language).toBe('en-US');
      expect(list.translations.map((t) => [t.language, t.summary, t.description])).toEqual([
        ['de-DE', GERMAN.summary, GERMAN.description],
        ['fr-FR', FRENCH.summary, FRENCH.description],
      ]);
    }
    expect((await get('/v2/project/wand/translations')).statusCode).toBe(401);
    expect((await get('/v2/project/wand/translations', actors.stranger.pat)).statusCode).toBe(401);
    expect((await get('/v2/project/wand/translations', uploader.pat)).statusCode).toBe(401);
  });

  it('creates, replaces and deletes a language', async () => {
    const created = await put('/v2/project/wand/translations/it-IT', actors.creator.pat, { summary: 'Una bacchetta', description: 'Descrizione' });
    expect(created.statusCode).toBe(200);
    expect(ProjectTranslationSchema.parse(created.json())).toMatchObject({ language: 'it-IT', summary: 'Una bacchetta' });
    const replaced = await put('/v2/project/wand/translations/it-IT', actors.creator.pat, { summary: 'Una bacchetta magica', description: 'Nuova' });
    expect(replaced.json()).toMatchObject({ summary: 'Una bacchetta magica', description: 'Nuova' });
    expect((await projectWith('/v2/project/wand?lang=it-IT')).project.body).toBe('Nuova');
    expect((await call('DELETE', '/v2/project/wand/translations/it-IT', actors.creator.pat)).statusCode).toBe(204);
    expect((await projectWith('/v2/project/wand')).project.description_languages).toEqual(['en-US', 'de-DE', 'fr-FR']);
    const again = await call('DELETE', '/v2/project/wand/translations/it-IT', actors.creator.pat);
    expect(again.statusCode).toBe(404);
    expect(again.json().description).toContain('language');
  });

  it('refuses strangers, members without the details permission and anonymous callers', async () => {
    expect((await put('/v2/project/wand/translations/es-ES', actors.stranger.pat, FRENCH)).statusCode).toBe(401);
    expect((await put('/v2/project/wand/translations/es-ES', uploader.pat, FRENCH)).statusCode).toBe(401);
    expect((await put('/v2/project/wand/translations/es-ES', undefined, FRENCH)).statusCode).toBe(401);
    expect((await call('DELETE', '/v2/project/wand/translations/de-DE', actors.stranger.pat)).statusCode).toBe(401);
    const rows = await ctx.database.sql`select language from project_translations where project_id = ${project.id} order by language`;
    expect(rows.map((r) => r.language)).toEqual(['de-DE', 'fr-FR']);
  });

  it('names the field of every invalid input', async () => {
    const cases: Array<[string, object, string]> = [
      ['xx-XX', FRENCH, 'language'],
      ['en-US', FRENCH, 'language'],
      ['es-ES', { ...FRENCH, summary: '' }, 'summary'],
      ['es-ES', { ...FRENCH, summary: 'x'.repeat(257) }, 'summary'],
      ['es-ES', { ...FRENCH, description: '   ' }, 'description'],
      ['es-ES', { ...FRENCH, description: 'x'.repeat(65537) }, 'description'],
      ['es-ES', { summary: FRENCH.summary }, 'description'],
    ];
    for (const [language, body, field] of cases) {
      const response = await put(`/v2/project/wand/translations/${language}`, actors.creator.pat, body);
      expect(response.statusCode, `${language} ${field}`).toBe(400);
      expect(response.json().error).toBe('invalid_input');
      expect(response.json().description).toContain(field);
    }
    expect((await get('/v2/project/wand?lang=es-ES')).headers['content-language']).toBe('en-US');
  });

  it('keeps the original language apart from the translations', async () => {
    const clash = await call('PATCH', '/v2/project/wand', actors.creator.pat, { original_language: 'de-DE' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().description).toContain('original_language');
    expect((await call('PATCH', '/v2/project/wand', actors.creator.pat, { original_language: 'klingon' })).statusCode).toBe(400);
    expect((await call('PATCH', '/v2/project/wand', actors.creator.pat, { original_language: 'en-gb' })).statusCode).toBe(204);
    const { project: read, response } = await projectWith('/v2/project/wand');
    expect(read.description_languages).toEqual(['en-GB', 'de-DE', 'fr-FR']);
    expect(response.headers['content-language']).toBe('en-GB');
    expect((await call('PATCH', '/v2/project/wand', actors.creator.pat, { original_language: 'en-US' })).statusCode).toBe(204);
  });

  it('shows a hidden project translations only to those who may see it', async () => {
    const draft = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'secret-wand', status: 'draft' });
    expect((await put(`/v2/project/${draft.key}/translations/de-DE`, actors.creator.pat, GERMAN)).statusCode).toBe(200);
    expect((await get(`/v2/project/${draft.key}?lang=de-DE`, actors.creator.pat)).json().description).toBe(GERMAN.summary);
    expect((await get(`/v2/project/${draft.key}?lang=de-DE`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await put(`/v2/project/${draft.key}/translations/fr-FR`, actors.stranger.pat, FRENCH)).statusCode).toBe(404);
  });
});

describe('changelog translations', () => {
  const url = () => `/v2/version/${version.key}`;

  it('are managed by those who may edit the version and read in the language asked for', async () => {
    expect((await put(`${url()}/translations/de-DE`, actors.stranger.pat, { changelog: 'Nein' })).statusCode).toBe(401);
    const created = await put(`${url()}/translations/de-DE`, uploader.pat, { changelog: 'Den Zauberstab repariert' });
    expect(created.statusCode).toBe(200);
    const list = VersionTranslationListSchema.parse((await get(`${url()}/translations`, actors.creator.pat)).json());
    expect(list).toMatchObject({ original_language: 'en-US', translations: [{ language: 'de-DE', changelog: 'Den Zauberstab repariert' }] });

    const original = await get(url());
    expect(VersionSchema.parse(original.json())).toMatchObject({ changelog: 'Fixed the wand', changelog_languages: ['en-US', 'de-DE'] });
    expect(original.headers['content-language']).toBe('en-US');
    const german = await get(`${url()}?lang=de-DE`);
    expect(german.json().changelog).toBe('Den Zauberstab repariert');
    expect(german.headers['content-language']).toBe('de-DE');
    expect(String(german.headers.vary)).toMatch(/accept-language/i);

    const listed = await get(`/v2/project/wand/version`, { 'accept-language': 'de-AT;q=0.9, en;q=0.1' });
    expect(z.array(VersionSchema).parse(listed.json())[0]!.changelog).toBe('Den Zauberstab repariert');
    expect(listed.headers['content-language']).toBe('de-DE');
    const withoutChangelogs = await get(`/v2/project/wand/version?include_changelog=false&lang=de-DE`);
    expect(withoutChangelogs.json()[0].changelog).toBe('');
    const byNumber = await get('/v2/project/wand/version/1.0.0?lang=de');
    expect(byNumber.json().changelog).toBe('Den Zauberstab repariert');
  });

  it('name the field of invalid input', async () => {
    for (const [language, body, field] of [
      ['xx', { changelog: 'a' }, 'language'],
      ['en-US', { changelog: 'a' }, 'language'],
      ['fr-FR', { changelog: ' ' }, 'changelog'],
      ['fr-FR', { changelog: 'x'.repeat(65537) }, 'changelog'],
    ] as const) {
      const response = await put(`${url()}/translations/${language}`, actors.creator.pat, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toContain(field);
    }
    expect((await call('DELETE', `${url()}/translations/fr-FR`, actors.creator.pat)).statusCode).toBe(404);
  });
});

describe('search and moderation', () => {
  it('finds a project by its German summary and shows the original in the hit', async () => {
    await syncSearch(ctx, [project.id]);
    const results = await searchOk(ctx, { query: 'Zauberstab Gelegenheit' });
    expect(results.hits.map((h) => h.slug)).toContain('wand');
    expect(results.hits.find((h) => h.slug === 'wand')!.description).not.toBe(GERMAN.summary);
  });

  it('shows moderators every language of a queued project', async () => {
    const queued = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'queued-wand', title: 'Queued wand', status: 'processing' });
    expect((await put(`/v2/project/${queued.key}/translations/de-DE`, actors.creator.pat, GERMAN)).statusCode).toBe(200);
    const queue = ModerationQueueSchema.parse((await get('/v2/moderation/projects?query=queued', actors.moderator.pat)).json());
    expect(queue.projects.find((p) => p.slug === 'queued-wand')?.summary_translations).toEqual([{ language: 'de-DE', summary: GERMAN.summary }]);
    const full = ProjectTranslationListSchema.parse((await get(`/v2/project/${queued.key}/translations`, actors.moderator.pat)).json());
    expect(full.translations[0]!.description).toBe(GERMAN.description);
  });
});

describe('deleting', () => {
  it('removes the translations of a deleted version and of a deleted project', async () => {
    const doomed = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'doomed-wand' });
    const doomedVersion = await insertVersion(ctx.database.db, { projectId: doomed.id, authorId: actors.creator.id });
    await ctx.database.sql`update versions set changelog = 'Changes' where id = ${doomedVersion.id}`;
    expect((await put(`/v2/project/${doomed.key}/translations/de-DE`, actors.creator.pat, GERMAN)).statusCode).toBe(200);
    expect((await put(`/v2/version/${doomedVersion.key}/translations/de-DE`, actors.creator.pat, { changelog: 'Änderungen' })).statusCode).toBe(200);
    const count = async () => {
      const [row] = await ctx.database.sql<Array<{ projects: number; versions: number }>>`
        select (select count(*)::int from project_translations where project_id = ${doomed.id}) as projects,
               (select count(*)::int from version_translations where version_id = ${doomedVersion.id}) as versions`;
      return row;
    };
    expect(await count()).toEqual({ projects: 1, versions: 1 });
    expect((await call('DELETE', `/v2/version/${doomedVersion.key}`, actors.creator.pat)).statusCode).toBe(204);
    expect(await count()).toEqual({ projects: 1, versions: 0 });
    expect((await call('DELETE', `/v2/project/${doomed.key}`, actors.creator.pat)).statusCode).toBe(204);
    expect(await count()).toEqual({ projects: 0, versions: 0 });
  });
});
