import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DependencyPlanSchema, type DependencyPlan } from '@cairn/shared/schemas/dependency-plan';
import { seedDemoCatalogue } from '../../src/db/seed/demo-catalogue.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient, type Credential } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';

let ctx: TestContext;
let actors: Actors;

const at = (day: number) => new Date(Date.UTC(2024, 0, day));
const call = testClient(() => ctx.app);

async function plan(body: object, credential?: Credential): Promise<DependencyPlan> {
  const response = await call('POST', '/v2/dependency_plan', credential, body);
  expect(response.statusCode, response.body).toBe(200);
  return DependencyPlanSchema.parse(response.json());
}

/** A mod with one version for fabric on the given game versions (and more if given). */
async function mod(slug: string, options: { status?: string } = {}): Promise<InsertedProject> {
  return insertProject(ctx.database.db, { ownerId: actors.creator.id, slug, ...(options.status ? { status: options.status } : {}) });
}

async function version(project: InsertedProject, fields: Omit<Parameters<typeof insertVersion>[1], 'projectId' | 'authorId'> = {}): Promise<InsertedVersion> {
  return insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, ...fields });
}

// The graph: A → B → C (required), A ⇢ D (optional), A ✗ E (incompatible), E → A (a cycle back
// through the input), F → G@old (a pin not for the target), H → missing project I (only 1.19.2),
// A → Hidden (private project).
let a: InsertedProject, b: InsertedProject, c: InsertedProject, d: InsertedProject, e: InsertedProject;
let f: InsertedProject, g: InsertedProject, h: InsertedProject, i: InsertedProject, hidden: InsertedProject;
let aV: InsertedVersion, bV: InsertedVersion, cV: InsertedVersion, dV: InsertedVersion, eV: InsertedVersion;
let gOld: InsertedVersion, gMid: InsertedVersion, gNew: InsertedVersion, fV: InsertedVersion, hV: InsertedVersion, hiddenV: InsertedVersion;
let cycleX: InsertedProject, cycleY: InsertedProject;
let xV: InsertedVersion, yV: InsertedVersion;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  [a, b, c, d, e, f, g, h, i, hidden] = await Promise.all(
    ['plan-a', 'plan-b', 'plan-c', 'plan-d', 'plan-e', 'plan-f', 'plan-g', 'plan-h', 'plan-i'].map((slug) => mod(slug)).concat(mod('plan-hidden', { status: 'private' })),
  ) as [InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject, InsertedProject];
  cV = await version(c, { versionNumber: '3.0.0', datePublished: at(2) });
  // An older C for the target and a newer beta: the release is preferred.
  await version(c, { versionNumber: '2.0.0', datePublished: at(1) });
  await version(c, { versionNumber: '3.1.0-beta', versionType: 'beta', datePublished: at(3) });
  bV = await version(b, { versionNumber: '2.0.0', dependencies: [{ projectId: c.id, type: 'required' }] });
  // A newer B for forge only: not for the target.
  await version(b, { versionNumber: '2.1.0', loaders: ['forge'], datePublished: at(20) });
  dV = await version(d, { versionNumber: '4.0.0' });
  hiddenV = await version(hidden, { versionNumber: '9.9.9' });
  aV = await version(a, {
    versionNumber: '1.0.0',
    dependencies: [
      { projectId: b.id, type: 'required' },
      { projectId: d.id, type: 'optional' },
      { projectId: e.id, type: 'incompatible' },
      { projectId: hidden.id, type: 'required' },
      { fileName: 'external.jar', type: 'required' },
    ],
  });
  eV = await version(e, { versionNumber: '5.0.0', dependencies: [{ projectId: a.id, type: 'required' }] });
  gOld = await version(g, { versionNumber: '0.1.0', gameVersions: ['1.19.2'], datePublished: at(1) });
  gMid = await version(g, { versionNumber: '0.1.5', gameVersions: ['1.19.2'], datePublished: at(2) });
  gNew = await version(g, { versionNumber: '0.2.0', datePublished: at(3) });
  fV = await version(f, { versionNumber: '6.0.0', gameVersions: ['1.19.2', '1.20.1'], dependencies: [{ projectId: g.id, versionId: gOld.id, type: 'required' }] });
  await version(i, { versionNumber: '7.0.0', gameVersions: ['1.19.2'], datePublished: at(1) });
  await version(i, { versionNumber: '7.1.0', gameVersions: ['1.18.2', '1.19.4'], datePublished: at(2) });
  hV = await version(h, { versionNumber: '8.0.0', dependencies: [{ projectId: i.id, type: 'required' }] });
  cycleX = await mod('cycle-x');
  cycleY = await mod('cycle-y');
  xV = await version(cycleX, { versionNumber: '1.0.0' });
  yV = await version(cycleY, { versionNumber: '1.0.0', dependencies: [{ projectId: cycleX.id, type: 'required' }] });
  await ctx.database.db.execute(sql`insert into version_dependencies (version_id, dependency_project_id, dependency_type) values (${xV.id}, ${cycleY.id}, 'required')`);
}, 60_000);
afterAll(() => ctx.close());

const target = { loader: 'fabric', game_version: '1.20.1' };

describe('resolving a graph', () => {
  it('follows required dependencies over all levels and reports optional, incompatible and hidden ones', async () => {
    const answer = await plan({ projects: ['plan-a', e.key], ...target });
    expect(answer.inputs).toEqual([
      { kind: 'project', status: 'resolved', project_id: a.key, version_id: aV.key, newest_game_version: null },
      { kind: 'project', status: 'resolved', project_id: e.key, version_id: eV.key, newest_game_version: null },
    ]);
    // B at depth 1 (its forge-only newer version left out), C at depth 2 (the release, not the newer beta).
    expect(answer.dependencies).toEqual([
      { project_id: b.key, version_id: bV.key, required_by: [aV.key] },
      { project_id: c.key, version_id: cV.key, required_by: [bV.key] },
    ]);
    expect(answer.optional).toEqual([{ project_id: d.key, version_id: dV.key, offered_by: [aV.key] }]);
    expect(answer.incompatibilities).toEqual([{ version_id: aV.key, project_id: e.key, incompatible_version_id: eV.key }]);
    // The private project is reported exactly like a missing one, and nothing of it is shown.
    expect(answer.unresolved).toEqual([{ project_id: hidden.key, version_id: null, required_by: [aV.key], reason: 'not_found', newest_game_version: null }]);
    expect(Object.keys(answer.projects).sort()).toEqual([a.key, b.key, c.key, d.key, e.key].sort());
    expect(answer.projects[b.key]).toMatchObject({ slug: 'plan-b', title: 'Project plan-b', project_type: 'mod' });
    expect(Object.keys(answer.versions).sort()).toEqual([aV.key, bV.key, cV.key, dV.key, eV.key].sort());
    expect(answer.versions[cV.key]!.version_number).toBe('3.0.0');
    expect(answer.versions[cV.key]!.files[0]!.hashes.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.stringify(answer)).not.toContain(hiddenV.key);
  });

  it('ends a cycle at the first visit and reports no error', async () => {
    const answer = await plan({ projects: ['cycle-y'], ...target });
    expect(answer.inputs[0]).toMatchObject({ status: 'resolved', version_id: yV.key });
    expect(answer.dependencies).toEqual([{ project_id: cycleX.key, version_id: xV.key, required_by: [yV.key] }]);
    expect(answer.unresolved).toEqual([]);
    expect(answer.conflicts).toEqual([]);
  });

  it('reports a pinned version that is not for the target as a conflict', async () => {
    const answer = await plan({ projects: ['plan-f'], ...target });
    expect(answer.conflicts).toEqual([{ project_id: g.key, version_id: gOld.key, required_by: [fV.key], reason: 'not_for_target', chosen_version_id: null }]);
    expect(answer.dependencies).toEqual([]);
    // On the pinned version's own game version it is honoured, though a newer one exists there.
    const old = await plan({ projects: ['plan-f'], loader: 'fabric', game_version: '1.19.2' });
    expect(old.dependencies).toEqual([{ project_id: g.key, version_id: gOld.key, required_by: [fV.key] }]);
    expect(old.conflicts).toEqual([]);
  });

  it('reports a pin on a project the plan holds in another version', async () => {
    const answer = await plan({ projects: ['plan-g', 'plan-f'], loader: 'fabric', game_version: '1.19.2' });
    expect(answer.inputs.map((input) => input.version_id)).toEqual([gMid.key, fV.key]);
    expect(answer.conflicts).toEqual([{ project_id: g.key, version_id: gOld.key, required_by: [fV.key], reason: 'other_version_chosen', chosen_version_id: gMid.key }]);
  });

  it('reports missing targets with the newest game version the project supports', async () => {
    const answer = await plan({ projects: ['plan-h', 'plan-i'], ...target });
    expect(answer.inputs[0]).toMatchObject({ status: 'resolved', version_id: hV.key });
    expect(answer.inputs[1]).toEqual({ kind: 'project', status: 'missing', project_id: i.key, version_id: null, newest_game_version: '1.19.4' });
    expect(answer.projects[i.key]?.slug).toBe('plan-i');
    const alone = await plan({ projects: ['plan-h'], ...target });
    expect(alone.unresolved).toEqual([{ project_id: i.key, version_id: null, required_by: [hV.key], reason: 'no_version_for_target', newest_game_version: '1.19.4' }]);
    // Another loader: nothing at all.
    const forge = await plan({ projects: ['plan-i'], loader: 'forge', game_version: '1.20.1' });
    expect(forge.inputs[0]).toMatchObject({ status: 'missing', newest_game_version: null });
  });

  it('honours the allowed release channels', async () => {
    const betas = await plan({ projects: ['plan-c'], ...target, version_types: ['beta'] });
    expect(answer(betas).version_number).toBe('3.1.0-beta');
    const alphas = await plan({ projects: ['plan-c'], ...target, version_types: ['alpha'] });
    expect(alphas.inputs[0]).toMatchObject({ status: 'missing', newest_game_version: null });
  });
});

const answer = (result: DependencyPlan) => result.versions[result.inputs[0]!.version_id!]!;

describe('inputs by hash', () => {
  it('resolves sha1 and sha512 hashes to their projects (the hash of an older version too)', async () => {
    const sha1 = await plan({ hashes: [bV.sha1], algorithm: 'sha1', ...target });
    expect(sha1.inputs[0]).toMatchObject({ kind: 'hash', status: 'resolved', project_id: b.key, version_id: bV.key });
    expect(sha1.dependencies.map((dep) => dep.project_id)).toEqual([c.key]);
    const sha512 = await plan({ hashes: [gOld.sha512.toUpperCase()], ...target });
    expect(sha512.inputs[0]).toMatchObject({ kind: 'hash', status: 'resolved', version_id: gNew.key });
  });

  it('treats unknown hashes and files of hidden projects alike', async () => {
    const result = await plan({ hashes: ['0'.repeat(40), hiddenV.sha1], ...target });
    expect(result.inputs.map((input) => [input.status, input.project_id])).toEqual([
      ['not_found', null],
      ['not_found', null],
    ]);
  });
});

describe('visibility', () => {
  it('shows a private project to its team and moderators, not to strangers or anonymous callers', async () => {
    for (const credential of [actors.creator.pat, actors.moderator.pat]) {
      const seen = await plan({ projects: ['plan-hidden'], ...target }, credential);
      expect(seen.inputs[0]).toMatchObject({ status: 'resolved', version_id: hiddenV.key });
      // Its file link is signed for those who may see it.
      expect(seen.versions[hiddenV.key]!.files[0]!.url).toContain('?token=');
    }
    for (const credential of [actors.stranger.pat, undefined]) {
      const unseen = await plan({ projects: ['plan-hidden', hidden.key], ...target }, credential);
      expect(unseen.inputs.map((input) => input.status)).toEqual(['not_found', 'not_found']);
      expect(unseen.projects).toEqual({});
    }
  });

  it('follows the private dependency for the team', async () => {
    const result = await plan({ projects: ['plan-a'], ...target }, actors.creator.pat);
    expect(result.dependencies.map((dep) => dep.project_id)).toContain(hidden.key);
    expect(result.unresolved).toEqual([]);
  });
});

describe('validation', () => {
  const problems: Array<[string, object, string]> = [
    ['no input', { ...target }, 'hashes'],
    ['empty lists', { hashes: [], projects: [], ...target }, 'hashes'],
    ['no loader', { projects: ['plan-a'], game_version: '1.20.1' }, 'loader'],
    ['no game version', { projects: ['plan-a'], loader: 'fabric' }, 'game_version'],
    ['an unknown channel', { projects: ['plan-a'], ...target, version_types: ['nightly'] }, 'version_types'],
    ['an unknown algorithm', { hashes: ['abc'], algorithm: 'md5', ...target }, 'algorithm'],
    ['too many hashes', { hashes: Array.from({ length: 1001 }, (_, n) => n.toString(16).padStart(40, '0')), ...target }, 'hashes'],
    ['too many inputs together', { hashes: Array.from({ length: 600 }, (_, n) => n.toString(16).padStart(40, '0')), projects: Array.from({ length: 401 }, (_, n) => `p${n}`), ...target }, 'projects'],
  ];
  for (const [name, body, field] of problems) {
    it(`refuses ${name} with a 400 naming ${field}`, async () => {
      const response = await call('POST', '/v2/dependency_plan', undefined, body);
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json<{ error: string; description: string }>();
      expect(error.error).toBe('invalid_input');
      expect(error.description).toContain(field);
    });
  }

  it('answers an unknown loader or game version with everything missing', async () => {
    const result = await plan({ projects: ['plan-a'], loader: 'no-such-loader', game_version: '0.0' });
    expect(result.inputs[0]).toMatchObject({ status: 'missing', newest_game_version: null });
  });
});

describe('a demo modpack', () => {
  it("resolves the mods a demo pack bundles to the pack's own target, and reports them on a newer one", async () => {
    await seedDemoCatalogue(ctx.database.db, ctx.files, ctx.config, silentLogger);
    const pack = await ctx.database.db.execute<{ id: string; game_versions: string[]; loaders: string[] }>(sql`
      select v.id::text as id, v.game_versions, v.loaders from versions v join projects p on p.id = v.project_id
      where p.slug = 'starlit-journey' order by v.date_published desc limit 1`);
    const latest = pack[0]!;
    const bundled = await ctx.database.db.execute<{ project_id: string }>(sql`
      select distinct dependency_project_id::text as project_id from version_dependencies
      where version_id = ${latest.id} and dependency_project_id is not null`);
    const mods = bundled.map((row) => encodeBase62(Number(row.project_id)));
    expect(mods.length).toBeGreaterThanOrEqual(3);
    const own = await plan({ projects: mods, loader: latest.loaders[0]!, game_version: latest.game_versions[0]! });
    expect(own.inputs.every((input) => input.status === 'resolved')).toBe(true);
    // Their required dependencies (the demo library) come along at most once each.
    const dependencyProjects = own.dependencies.map((dep) => dep.project_id);
    expect(new Set(dependencyProjects).size).toBe(dependencyProjects.length);
    for (const dep of own.dependencies) expect(own.projects[dep.project_id]).toBeDefined();
    const future = await plan({ projects: mods, loader: latest.loaders[0]!, game_version: '1.21.4' });
    expect(future.inputs.every((input) => input.status === 'missing' && input.newest_game_version !== null)).toBe(true);
  }, 120_000);
});
