import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { eq } from 'drizzle-orm';
import { projects } from '../../src/db/schema/catalogue.js';
import { onCatalogueChange } from '../../src/lib/catalogue-events.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject } from '../factories/catalogue.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const title = async (slug: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/v2/project/${slug}` });
  return response.statusCode === 200 ? (response.json().title as string) : response.statusCode;
};

/** Resolves when this process hears of a change to the project. */
const changeOf = (projectId: number) =>
  new Promise<void>((resolve) => {
    const stop = onCatalogueChange((ids) => {
      if (ids.includes(projectId)) {
        stop();
        resolve();
      }
    });
  });

describe('cached project reads', () => {
  it('serves public projects from memory until a change is recorded', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'approved', title: 'Original title' });
    expect(await title(project.slug)).toBe('Original title');
    // A write that bypasses the catalogue services is not seen: the copy comes from the cache.
    await ctx.database.db.update(projects).set({ title: 'Silently changed' }).where(eq(projects.id, project.id));
    expect(await title(project.slug)).toBe('Original title');

    // Another process records a change: its commit notification evicts the copy here.
    const otherProcess = postgres(ctx.config.database.url!, { max: 1, onnotice: () => {} });
    const heard = changeOf(project.id);
    await otherProcess`insert into search_outbox (project_id) values (${project.id})`;
    await heard;
    await otherProcess.end();
    expect(await title(project.slug)).toBe('Silently changed');
  });

  it('shows an edit made through the API at once', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'approved', title: 'Before edit' });
    expect(await title(project.slug)).toBe('Before edit');
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/project/${project.slug}`,
      headers: { authorization: actors.creator.pat },
      payload: { title: 'After edit' },
    });
    expect(patch.statusCode).toBe(204);
    expect(await title(project.slug)).toBe('After edit');
  });

  it('never serves a hidden project from memory', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'approved', title: 'Soon private' });
    expect(await title(project.slug)).toBe('Soon private');
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/project/${project.slug}`,
      headers: { authorization: actors.creator.pat },
      payload: { status: 'private' },
    });
    expect(patch.statusCode).toBe(204);
    expect(await title(project.slug)).toBe(404);
    const asOwner = await ctx.app.inject({ method: 'GET', url: `/v2/project/${project.slug}`, headers: { authorization: actors.creator.pat } });
    expect(asOwner.statusCode).toBe(200);
    expect(await title(project.slug)).toBe(404);
  });
});
