import { PROJECT_TYPES, type ProjectType } from '@cairn/shared/constants/project-types';
import { QueryClient } from '@tanstack/react-query';
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAreaRoutes } from '../src/app/area-routes';
import { createAppRoutes } from '../src/app/router';
import { LEGAL_PAGES, PROJECT_SETTINGS_SECTIONS, PROJECT_VIEW_SECTIONS } from '../src/config/paths';
import { authGuardRoute } from '../src/lib/auth';
import { apiUrl, browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSignIn, type DemoAccount } from './demo-accounts';
import { zip } from './files';
import { buyRunningServer } from './server-fixture';

/**
 * The new user's walk: every route of the route tables (`createAppRoutes` in app/router.tsx and
 * `createAreaRoutes` in app/area-routes.tsx, read here, so a new route is walked without being
 * listed) opened with a full page load as the role it is for, at desktop and at phone width, with
 * its parameters filled from the demo catalogue and from fixtures made through the API. A visit
 * fails on any console warning or error (React Router's included), an uncaught page error, a
 * "… not found" or error page for something the role may see, a tab strip whose last tab cannot
 * be scrolled into view and clicked, and any serious accessibility violation.
 *
 * A route nobody told the walk about still gets walked: as a visitor, or as the creator when it
 * sits behind the sign-in guard. A parameter the walk cannot fill fails the route's test (add it
 * to `paramSets`); nothing is skipped. Routes that need special state are walked in the form a
 * user reaches without it: `/auth/authorize` without an app asking (it says so), `/auth/verify-email`
 * and `/auth/reset-password` without a mailed link (their first step), `/report` without an item,
 * `/dashboard/revenue/withdraw` with the creator's balance as it is.
 */

type Role = 'visitor' | 'creator' | 'moderator' | 'admin';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, DemoAccount> = { creator: 'demo', moderator: 'demo-moderator', admin: 'demo-admin' };
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } } as const;
type Width = keyof typeof WIDTHS;
/** Pages loading at once: the product and Chromium share a small machine. */
const PARALLEL_PAGES = 3;

interface RouteEntry {
  /** The route's pattern, parent paths joined (`/dashboard/report/:id`). */
  pattern: string;
  /** Behind `authGuardRoute` (visitors are sent to sign in). */
  signedIn: boolean;
}

// ---------------------------------------------------------------------------------------------
// The route tables, read as the app builds them.

const guardElementType = (authGuardRoute(new QueryClient(), []).element as { type: unknown }).type;
const isAuthGuard = (route: RouteObject) => (route.element as { type?: unknown } | undefined)?.type === guardElementType;

function leafRoutes(routes: readonly RouteObject[], parent = '', signedIn = false): RouteEntry[] {
  return routes.flatMap((route) => {
    const pattern = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const guarded = signedIn || isAuthGuard(route);
    if (route.children?.length) return leafRoutes(route.children, pattern, guarded);
    return [{ pattern: pattern || '/', signedIn: guarded }];
  });
}

function routeTable(): RouteEntry[] {
  const queryClient = new QueryClient();
  const all = [...leafRoutes(createAppRoutes(queryClient)), ...leafRoutes(createAreaRoutes(queryClient))];
  // Each project URL type and `/project` repeat the same children: every one is walked.
  return all.filter((entry, index) => all.findIndex((other) => other.pattern === entry.pattern) === index);
}

/**
 * Who walks a route: the roles of the first rule its pattern matches, else a visitor (the creator
 * behind the sign-in guard). Staff pages have no guard in the table (their loaders give everyone
 * else the 404 page), so they are named here.
 */
const ROLE_RULES: ReadonlyArray<[RegExp, readonly Role[]]> = [
  // The header and its menus differ for each role.
  [/^\/$/, ['visitor', 'creator', 'moderator', 'admin']],
  // The public decisions log.
  [/^\/moderation\/log$/, ['visitor']],
  [/^\/moderation(\/|$)/, ['moderator']],
  [/^\/(admin|servers\/admin)(\/|$)/, ['admin']],
  // A project's team pages, on the creator's own project of each type.
  [/^\/[^/]+\/:id\/(moderation|settings|version\/create|version\/:version\/edit)(\/|$)/, ['creator']],
  [/^\/organization\/:id\/settings(\/|$)/, ['creator']],
  // Collections are the creator's own (they start private).
  [/^\/collection\//, ['creator']],
  // A server listing waiting for review is its owner's; its edit form too.
  [/^\/server-listing\//, ['creator']],
];

function rolesFor(entry: RouteEntry): readonly Role[] {
  return ROLE_RULES.find(([pattern]) => pattern.test(entry.pattern))?.[1] ?? [entry.signedIn ? 'creator' : 'visitor'];
}

const WALKS = routeTable().flatMap((entry) => rolesFor(entry).map((role) => ({ ...entry, role })));

// ---------------------------------------------------------------------------------------------
// Parameters: real ids and slugs.

interface ProjectRef {
  id: string;
  slug: string;
  versionId: string;
  /** Another version to compare with (demo projects have at least two; the walk's own have one). */
  otherVersionId: string;
}

interface Fixtures {
  /** A listed demo-catalogue project of each type (with gallery images where one has them). */
  catalogue: Record<ProjectType, ProjectRef>;
  /** The creator's own draft of each type, with one version. */
  own: Record<ProjectType, ProjectRef>;
  catalogueCreator: { username: string; type: ProjectType };
  creatorId: string;
  collection: { id: string; type: ProjectType };
  organization: { slug: string; type: ProjectType };
  report: string;
  server: Promise<string>;
  /** The creator's own server listing (listed by address; it waits for review, so only they and moderators see it). */
  serverListing: string;
  changelog: { product: string; date: string };
}

type ParamSet = Record<string, string | undefined>;
const PROJECT_SEGMENTS: readonly string[] = [...PROJECT_TYPES, 'project'];
const isProjectType = (value: string): value is ProjectType => (PROJECT_TYPES as readonly string[]).includes(value);

/** The parameter values a route is walked with: one URL per set. */
async function paramSets(entry: RouteEntry & { role: Role }, fx: Fixtures): Promise<ParamSet[]> {
  const [first = '', second] = entry.pattern.split('/').filter(Boolean);
  if (first === ':type' && second === ':id') {
    // Project settings: every section of one project, the first page of the others.
    const [firstType, ...otherTypes] = PROJECT_TYPES;
    return [
      ...[undefined, ...PROJECT_SETTINGS_SECTIONS.filter((s) => s !== 'general'), ...PROJECT_VIEW_SECTIONS].map((section) => ({ type: firstType, id: fx.own[firstType!].slug, section })),
      ...otherTypes.map((type) => ({ type, id: fx.own[type].slug })),
    ];
  }
  if (PROJECT_SEGMENTS.includes(first)) {
    const projects = entry.role === 'creator' ? fx.own : fx.catalogue;
    const project = projects[isProjectType(first) ? first : 'mod'];
    // `/project/{id}` is the permanent link: it takes the id and leads to the canonical address.
    return [{ id: first === 'project' ? project.id : project.slug, version: project.versionId, other: project.otherVersionId }];
  }
  switch (first) {
    case 'user':
      return [{ id: fx.catalogueCreator.username, projectType: fx.catalogueCreator.type }];
    case 'collection':
      return [{ id: fx.collection.id, projectType: fx.collection.type }];
    case 'organization':
      return [undefined, 'members', 'projects', 'analytics'].map((section) => ({ id: fx.organization.slug, projectType: fx.organization.type, section }));
    case 'legal':
      return LEGAL_PAGES.map((page) => ({ page }));
    case 'news':
      return [fx.changelog];
    case 'dashboard':
    case 'moderation':
      return [{ id: fx.report }];
    case 'admin':
      return [{ userId: fx.creatorId }];
    case 'servers':
      return entry.pattern.includes(':id') ? [{ id: await fx.server }] : [{}];
    case 'server-listing':
      return [{ id: fx.serverListing }];
    default:
      return [{}];
  }
}

/** The URLs of a pattern: optional parameters without a value are left out, missing ones fail. */
function fill(pattern: string, sets: readonly ParamSet[]): string[] {
  const urls = sets.map((values) =>
    pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
      const value = values[name];
      if (value !== undefined) return `/${encodeURIComponent(value)}`;
      if (optional) return '';
      throw new Error(`The walk has no value for :${name} in ${pattern}: add one to paramSets() in route-walk.test.ts`);
    }),
  );
  if (pattern === '/*') return ['/no/such/page'];
  return [...new Set(urls)];
}

// ---------------------------------------------------------------------------------------------
// Fixtures made through the API.

const contentDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'content', 'changelog');

/** The newest version of a project and the one before it (the same one when there is only one). */
async function newestVersions(projectId: string): Promise<{ versionId: string; otherVersionId: string }> {
  const versions = (await (await fetch(`${apiUrl}/v2/project/${projectId}/version`)).json()) as Array<{ id: string }>;
  if (!versions[0]) throw new Error(`Project ${projectId} has no version`);
  return { versionId: versions[0].id, otherVersionId: (versions[1] ?? versions[0]).id };
}

async function catalogueProject(type: ProjectType): Promise<ProjectRef & { author: string }> {
  const facets = encodeURIComponent(JSON.stringify([[`project_type:${type}`]]));
  const { hits } = (await (await fetch(`${apiUrl}/v2/search?limit=20&index=downloads&facets=${facets}`)).json()) as {
    hits: Array<{ project_id: string; slug: string; author: string; gallery: string[] }>;
  };
  // What the type's search page lists, with pictures where one has them.
  const hit = hits.find((candidate) => candidate.gallery.length > 0) ?? hits[0];
  if (!hit) throw new Error(`The demo catalogue has no listed ${type}`);
  return { id: hit.project_id, slug: hit.slug, author: hit.author, ...(await newestVersions(hit.project_id)) };
}

/** A file of each project type, as the API recognises it from its loaders. */
function versionFile(type: ProjectType, suffix: string, release: string): { name: string; bytes: Buffer; loaders: string[] } {
  const mcmeta = JSON.stringify({ pack: { pack_format: 15, description: 'Walk fixture' } });
  switch (type) {
    case 'mod':
      return { name: `walk-${suffix}.jar`, loaders: ['fabric'], bytes: zip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: `walk${suffix}`, version: '1.0.0', name: 'Walk' }) }) };
    case 'plugin':
      return { name: `walk-${suffix}.jar`, loaders: ['paper'], bytes: zip({ 'plugin.yml': `name: Walk${suffix}\nversion: 1.0.0\nmain: walk.Main\n` }) };
    case 'resourcepack':
      return { name: `walk-${suffix}.zip`, loaders: ['minecraft'], bytes: zip({ 'pack.mcmeta': mcmeta }) };
    case 'datapack':
      return { name: `walk-${suffix}.zip`, loaders: ['datapack'], bytes: zip({ 'pack.mcmeta': mcmeta, 'data/walk/README.txt': 'walk' }) };
    case 'shader':
      return { name: `walk-${suffix}.zip`, loaders: ['iris'], bytes: zip({ 'shaders/final.fsh': 'void main() {}' }) };
    case 'modpack': {
      const index = { formatVersion: 1, game: 'minecraft', versionId: '1.0.0', name: 'Walk pack', dependencies: { minecraft: release, 'fabric-loader': '0.16.0' }, files: [] };
      return { name: `walk-${suffix}.mrpack`, loaders: ['fabric'], bytes: zip({ 'modrinth.index.json': JSON.stringify(index) }) };
    }
  }
}

async function ownProject(token: string, type: ProjectType, suffix: string, release: string): Promise<ProjectRef> {
  const slug = `walk-${type}-${suffix}`;
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({ title: `Walk ${type} ${suffix}`, slug, description: `A ${type} the route walk opens.`, body: 'Made by the route walk.', categories: [], client_side: 'required', server_side: 'optional', license_id: 'MIT', is_draft: true }),
  );
  const { id } = await apiJson<{ id: string }>(token, '/v2/project', { method: 'POST', body: form });
  const file = versionFile(type, suffix, release);
  const upload = new FormData();
  upload.append(
    'data',
    JSON.stringify({ project_id: id, name: 'First', version_number: '1.0.0', changelog: 'First.', dependencies: [], game_versions: [release], version_type: 'release', loaders: file.loaders, featured: false, file_parts: ['file'] }),
  );
  upload.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const version = await apiJson<{ id: string }>(token, '/v2/version', { method: 'POST', body: upload });
  return { id, slug, versionId: version.id, otherVersionId: version.id };
}

async function someServer(token: string, suffix: string): Promise<string> {
  const { servers } = await apiJson<{ servers: Array<{ id: string; status: string }> }>(token, '/v2/servers');
  const available = servers.find((server) => server.status === 'available');
  return available ? available.id : (await buyRunningServer(token, `Walk ${suffix}`)).id;
}

// ---------------------------------------------------------------------------------------------
// Visiting a page.

/** Runs at most `limit` tasks at once. */
function limiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** The last link or tab of each tab strip (and of every other navigation inside the page) that cannot be brought into view and clicked. */
async function unreachableLastTabs(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const strips = page.locator('main :is([data-tab-strip], [role="tablist"], nav)');
  const count = await strips.count();
  for (let index = 0; index < count; index++) {
    const strip = strips.nth(index);
    if (!(await strip.isVisible())) continue;
    const items = strip.locator(':is(a[href], [role="tab"]):visible');
    if ((await items.count()) === 0) continue;
    const last = items.last();
    const name = `${(await strip.getAttribute('aria-label')) ?? (await strip.evaluate((element) => element.tagName.toLowerCase()))} → "${((await last.textContent()) ?? '').trim()}"`;
    try {
      await last.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      await last.click({ trial: true, timeout: 5000 });
      const box = await last.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport || box.x < 0 || box.x + box.width > viewport.width + 1) throw new Error(`outside the viewport (${JSON.stringify(box)})`);
    } catch (error) {
      problems.push(`tab strip ${name} cannot reach its last tab: ${String(error).split('\n')[0]}`);
    }
  }
  return problems;
}

const ERROR_HEADING = /not found$|^Uh oh!$/;

interface VisitResult {
  problems: string[];
  finalUrl: string;
}

async function visit(context: BrowserContext, url: string, expectNotFound: boolean, label: string): Promise<VisitResult> {
  const page = await context.newPage();
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    const { url: source, lineNumber } = message.location();
    problems.push(`console ${message.type()}: ${message.text()}${source ? ` (${source}:${lineNumber})` : ''}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  try {
    await page.goto(`${siteUrl}${url}`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page
      .waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelector('h1') !== null, null, { timeout: 15_000 })
      .catch(() => problems.push('the page was still loading (or had no h1) after 15 s'));
    const headings = (await page.locator('h1').allTextContents()).map((text) => text.trim());
    const errorPage = headings.find((heading) => ERROR_HEADING.test(heading));
    if (expectNotFound) {
      if (!headings.includes('Page not found')) problems.push(`expected "Page not found", saw ${JSON.stringify(headings)}`);
    } else if (errorPage) problems.push(`shows the error page "${errorPage}"`);
    if (new URL(page.url()).pathname === '/auth/sign-in' && !url.startsWith('/auth/sign-in') && !/^\/(login)$/.test(url)) problems.push('was sent to sign in');
    problems.push(...(await unreachableLastTabs(page)));
    for (const violation of await seriousAccessibilityViolations(page)) {
      problems.push(`axe ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    }
    if (problems.length > 0) await screenshot(page, `walk-${label}`).catch(() => undefined);
    return { problems, finalUrl: page.url() };
  } catch (error) {
    problems.push(`visit failed: ${String(error).split('\n')[0]}`);
    return { problems, finalUrl: page.url() };
  } finally {
    page.off('console', onConsole);
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(!browserAvailable)('the new user walk: every route, as its role, at desktop and phone width', () => {
  const suffix = Date.now().toString(36);
  const slot = limiter(PARALLEL_PAGES);
  const tokens: Partial<Record<Role, string>> = {};
  const contexts = new Map<string, Promise<BrowserContext>>();
  let browser: Browser;
  let fixtures: Fixtures;

  function contextFor(role: Role, width: Width): Promise<BrowserContext> {
    const key = `${role}-${width}`;
    let context = contexts.get(key);
    if (!context) {
      context = (async () => {
        const created = await browser.newContext({ viewport: WIDTHS[width], colorScheme: 'light', reducedMotion: 'reduce' });
        const token = tokens[role];
        if (token) await created.addCookies([{ name: 'cairn_session', value: token, url: apiUrl, httpOnly: true, sameSite: 'Lax' }]);
        return created;
      })();
      contexts.set(key, context);
    }
    return context;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const [creator, moderator, admin] = await Promise.all([apiSignIn(ACCOUNTS.creator), apiSignIn(ACCOUNTS.moderator), apiSignIn(ACCOUNTS.admin)]);
    Object.assign(tokens, { creator: creator.token, moderator: moderator.token, admin: admin.token });
    const token = creator.token;
    // The panel needs a server of the creator's: bought (about a minute) while everything else is walked.
    const server = someServer(token, suffix);
    server.catch(() => undefined);

    const tags = await apiJson<Array<{ version: string; version_type: string }>>(token, '/v2/tag/game_version');
    const release = tags.find((tag) => tag.version_type === 'release')!.version;
    const catalogue = Object.fromEntries(await Promise.all(PROJECT_TYPES.map(async (type) => [type, await catalogueProject(type)] as const))) as Record<ProjectType, ProjectRef & { author: string }>;
    const own = {} as Record<ProjectType, ProjectRef>;
    for (const type of PROJECT_TYPES) own[type] = await ownProject(token, type, suffix, release);

    const author = await apiJson<{ id: string; username: string }>(token, `/v2/user/${encodeURIComponent(catalogue.mod.author)}`);
    const collection = await apiJson<{ id: string }>(token, '/v2/collection', {
      method: 'POST',
      body: JSON.stringify({ name: `Walk ${suffix}`, description: 'What the route walk keeps.', projects: [catalogue.mod.id, catalogue.shader.id] }),
    });
    const organization = await apiJson<{ id: string; slug: string; team_id: string }>(token, '/v2/organization', {
      method: 'POST',
      body: JSON.stringify({ slug: `walk-${suffix}`, name: `Walk ${suffix}`, description: 'The route walk’s organization.' }),
    });
    // Visitors see an organization once it has a second member (or a listed project): the moderator joins.
    await apiJson(token, `/v2/team/${organization.team_id}/members`, { method: 'POST', body: JSON.stringify({ user_id: moderator.id }) });
    await apiJson(moderator.token, `/v2/team/${organization.team_id}/join`, { method: 'POST' });
    const orgProject = await ownProject(token, 'mod', `${suffix}o`, release);
    await apiJson(token, `/v2/organization/${organization.id}/projects`, { method: 'POST', body: JSON.stringify({ project_id: orgProject.id }) });

    // One open report of the creator's (an earlier run's is reused: one open report per item).
    const submitted = await fetch(`${apiUrl}/v2/report`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ report_type: 'spam', item_type: 'user', item_id: author.id, body: 'The route walk reports this account to open its report pages.' }),
    });
    const open = await apiJson<Array<{ id: string; item_id: string }>>(token, '/v2/report?count=1000');
    const report = submitted.ok ? ((await submitted.json()) as { id: string }).id : open.find((r) => r.item_id === author.id)?.id;
    if (!report) throw new Error(`No report to walk: ${submitted.status} ${await submitted.text()}`);

    // The creator's server listing (an earlier run's is reused).
    const listings = await apiJson<{ listings: Array<{ id: string }> }>(token, '/v2/server_listings/mine');
    const serverListing =
      listings.listings[0]?.id ??
      (await apiJson<{ id: string }>(token, '/v2/server_listing', { method: 'POST', body: JSON.stringify({ name: `Walk server ${suffix}`, summary: 'A server the route walk lists.', host: '1.1.1.1', game_version: release }) })).id;

    const products = await readdir(contentDir);
    const product = products.sort()[0]!;
    const date = (await readdir(join(contentDir, product))).sort()[0]!.replace(/\.md$/, '');

    fixtures = {
      catalogue,
      own,
      catalogueCreator: { username: author.username, type: 'mod' },
      creatorId: creator.id,
      collection: { id: collection.id, type: 'mod' },
      organization: { slug: organization.slug, type: 'mod' },
      report,
      server,
      serverListing,
      changelog: { product, date },
    };
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts.values()) await (await context).close();
    await browser?.close();
    const token = tokens.creator;
    if (token && fixtures) {
      await apiJson(token, `/v2/organization/${fixtures.organization.slug}`, { method: 'DELETE' }).catch(() => undefined);
      await apiJson(token, `/v2/collection/${fixtures.collection.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
  });

  it('reads every route of the route tables', () => {
    const patterns = WALKS.map((walk) => walk.pattern);
    for (const known of ['/', '/mods', '/mod/:id/gallery', '/dashboard/projects', '/settings/billing', '/servers/manage/:id', '/moderation/reports', '/*']) {
      expect(patterns).toContain(known);
    }
    expect(WALKS.length).toBeGreaterThan(100);
  });

  describe.concurrent('each route', () => {
    it.for(WALKS.map((walk) => [walk.pattern, walk.role, walk] as const))('%s as %s', { timeout: 240_000 }, async ([pattern, role, walk]) => {
      const urls = fill(pattern, await paramSets(walk, fixtures));
      const problems: string[] = [];
      for (const url of urls) {
        for (const width of Object.keys(WIDTHS) as Width[]) {
          const context = await contextFor(role, width);
          const label = `${role}-${width}${url.replace(/[^\w-]+/g, '_')}`.slice(0, 120);
          const result = await slot(() => visit(context, url, pattern === '/*', label));
          problems.push(...result.problems.map((problem) => `${url} (${width}) → ${problem}`));
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
