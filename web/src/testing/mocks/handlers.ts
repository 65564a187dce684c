import { SERVER_PERMISSIONS } from '@cairn/shared/constants/server-permissions';
import { http, HttpResponse } from 'msw';
import { buildErrorBody, buildLoaderTagList } from './factories';
import { buildCategoryTags, buildGameVersionTags, buildReviewChecks, buildSearchHit, buildSearchResults, defaultCatalogue } from './catalogue';

/**
 * Default answers for the API the web calls, over a small catalogue (catalogue.ts). `*` matches
 * any origin, so the handlers work whatever the configured API base URL is. Tests override them
 * with `server.use(...)`; `signIn()` (testing/account.ts) makes the visitor a signed-in user.
 */
const notFound = (what: string) => HttpResponse.json(buildErrorBody({ error: 'not_found', description: `The requested ${what} was not found` }), { status: 404 });

function catalogueHandlers() {
  const { projects, versions, members, user } = defaultCatalogue();
  const findProject = (idOrSlug: string) => projects.find((p) => p.id === idOrSlug || p.slug.toLowerCase() === idOrSlug.toLowerCase());
  const allVersions = Object.values(versions).flat();
  return [
    http.get('*/v2/tag/category', () => HttpResponse.json(buildCategoryTags())),
    http.get('*/v2/tag/game_version', () => HttpResponse.json(buildGameVersionTags())),
    http.get('*/v2/tag/license/:id', ({ params }) => HttpResponse.json({ title: `License ${String(params.id)}`, body: 'Permission is granted…' })),
    http.get('*/v2/project/:id', ({ params }) => {
      const project = findProject(String(params.id));
      return project ? HttpResponse.json(project) : notFound('project');
    }),
    http.get('*/v2/project/:id/members', ({ params }) => (findProject(String(params.id)) ? HttpResponse.json(members) : notFound('project'))),
    http.get('*/v2/project/:id/review_checks', ({ params }) => HttpResponse.json(buildReviewChecks(String(params.id)))),
    http.get('*/v2/project/:id/translations', ({ params }) => {
      const project = findProject(String(params.id));
      return project ? HttpResponse.json({ original_language: project.original_language ?? 'en-US', translations: [] }) : notFound('project');
    }),
    http.get('*/v2/project/:id/dependencies', ({ params }) =>
      findProject(String(params.id)) ? HttpResponse.json({ projects: [], versions: [] }) : notFound('project'),
    ),
    // The dependency plan: nothing found unless a test serves a plan of its own.
    http.post('*/v2/dependency_plan', async ({ request }) => {
      const body = (await request.json()) as { projects?: string[]; loader: string; game_version: string };
      const inputs = (body.projects ?? []).map(() => ({ kind: 'project', status: 'not_found', project_id: null, version_id: null, newest_game_version: null }));
      const target = { loader: body.loader, game_version: body.game_version, version_types: ['release', 'beta', 'alpha'] };
      return HttpResponse.json({ target, inputs, dependencies: [], optional: [], incompatibilities: [], conflicts: [], unresolved: [], projects: {}, versions: {} });
    }),
    http.get('*/v2/project/:id/version', ({ params }) => {
      const project = findProject(String(params.id));
      return project ? HttpResponse.json(versions[project.id] ?? []) : notFound('project');
    }),
    http.get('*/v2/project/:id/version/:version', ({ params }) => {
      const project = findProject(String(params.id));
      const list = project ? (versions[project.id] ?? []) : [];
      const version = list.find((v) => v.id === params.version) ?? list.find((v) => v.version_number === params.version);
      return version ? HttpResponse.json(version) : notFound('version');
    }),
    // The malware scan of a version (its team and moderators): nothing found.
    http.get('*/v2/version/:id/scan', ({ params }) => {
      const version = allVersions.find((v) => v.id === params.id);
      if (!version) return notFound('version');
      const files = version.files.map((f) => ({ file_name: f.filename, sha1: f.hashes.sha1, state: 'clean', ruleset_version: 'sha256:0000000000000000', scanned: version.date_published, findings: [] }));
      return HttpResponse.json({ version_id: version.id, state: 'clean', files, release_reason: null });
    }),
    http.get('*/v2/versions', ({ request }) => {
      const ids = JSON.parse(new URL(request.url).searchParams.get('ids') ?? '[]') as string[];
      return HttpResponse.json(allVersions.filter((v) => ids.includes(v.id)));
    }),
    http.get('*/v2/projects_random', () => HttpResponse.json(projects)),
    // A visitor: nobody is signed in.
    http.get('*/v2/session/user', () => HttpResponse.json({ user: null })),
    // No third-party sign-in and no captcha configured.
    http.get('*/v2/auth/providers', () => HttpResponse.json([])),
    http.get('*/v2/auth/captcha', () => HttpResponse.json({ provider: null, site_key: null })),
    http.get('*/v2/user/:id', ({ params }) => {
      const id = String(params.id).toLowerCase();
      return id === user.id.toLowerCase() || id === user.username.toLowerCase() ? HttpResponse.json(user) : notFound('user');
    }),
    http.get('*/v2/user/:id/projects', () => HttpResponse.json(projects)),
    // Nobody belongs to an organization unless a test says so.
    http.get('*/v2/user/:id/organizations', () => HttpResponse.json([])),
    // Nobody has collections unless a test serves some.
    http.get('*/v2/user/:id/collections', () => HttpResponse.json([])),
    // …and no organization or collection exists unless a test serves it.
    http.get('*/v2/organization/:id', () => HttpResponse.json({ error: 'not_found', description: 'The requested item(s) were not found or no authorization to access the requested item(s)' }, { status: 404 })),
    http.get('*/v2/collection/:id', () => HttpResponse.json({ error: 'not_found', description: 'The requested item(s) were not found or no authorization to access the requested item(s)' }, { status: 404 })),
    // Nobody has notifications unless a test serves some.
    http.get('*/v2/user/:id/notifications', () => HttpResponse.json([])),
    // Nobody pays for anything unless a test says so (the billing banner asks for every signed-in user).
    http.get('*/v2/billing/subscriptions', () => HttpResponse.json([])),
    http.get('*/v2/billing/payments', () => HttpResponse.json([])),
    http.get('*/v2/billing/payment_methods', () => HttpResponse.json([])),
    http.get('*/v2/search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const facets = JSON.parse(params.get('facets') ?? '[]') as string[][];
      const type = facets.flat().find((f) => f.startsWith('project_type:'))?.slice('project_type:'.length);
      const query = (params.get('query') ?? '').toLowerCase();
      const limit = Number(params.get('limit') ?? 10);
      const offset = Number(params.get('offset') ?? 0);
      const matching = projects.filter((p) => (!type || p.project_type === type) && p.title.toLowerCase().includes(query));
      return HttpResponse.json(
        buildSearchResults(matching.slice(offset, offset + limit).map((p) => buildSearchHit(p)), { offset, limit, total_hits: matching.length }),
      );
    }),
  ];
}

export const handlers = [
  http.get('*/v2/tag/loader', () => HttpResponse.json(buildLoaderTagList())),
  ...catalogueHandlers(),
  // A server panel asks for its staff notices: none unless a test serves some.
  http.get('*/v2/servers/:id/notices', () => HttpResponse.json({ notices: [] })),
  // The Content tab asks for the server's modpack: none unless a test serves one.
  http.get('*/v2/servers/:id/modpack', () => HttpResponse.json({ modpack: null })),
  // A panel asks what the caller may do there: its owner, unless a test makes them a member.
  http.get('*/v2/servers/:id/members', () =>
    HttpResponse.json({ owner: { id: 'Usr00001', username: 'owner', avatar_url: null }, members: [], my_role: 'owner', my_permissions: [...SERVER_PERMISSIONS] }),
  ),
];
