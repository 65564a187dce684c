import { REVIEW_CHECK_IDS, REVIEW_CHECK_REASONS, type ReviewCheck, type ReviewChecks } from '@cairn/shared/schemas/review-checks';
import { CATEGORIES } from '@cairn/shared/constants/categories';
import { ProjectSchema, type Project } from '@cairn/shared/schemas/projects';
import { ProjectResultSchema, SearchResultsSchema, type ProjectResult, type SearchResults } from '@cairn/shared/schemas/search';
import { CategoryTagSchema, GameVersionTagSchema, type CategoryTag, type GameVersionTag } from '@cairn/shared/schemas/tags';
import { TeamMemberSchema, type TeamMember } from '@cairn/shared/schemas/teams';
import { UserSchema, type User } from '@cairn/shared/schemas/users';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';

/**
 * A small catalogue for web tests, parsed through the shared contract schemas like every other
 * mock (factories.ts): a mock that drifts from the wire format fails loudly.
 */

const DATE = '2026-01-10T12:00:00.000Z';

export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    id: 'UsEr0001',
    username: 'Tinkerwren',
    name: null,
    email: null,
    bio: 'Makes small, tidy mods.',
    payout_data: null,
    avatar_url: '',
    created: '2024-03-01T09:00:00.000Z',
    role: 'developer',
    badges: 0,
    auth_providers: null,
    email_verified: null,
    has_password: null,
    has_totp: null,
    github_id: null,
    ...overrides,
  });
}

export function buildTeamMember(overrides: Omit<Partial<TeamMember>, 'user'> & { user?: Partial<TeamMember['user']> } = {}): TeamMember {
  const { user, ...rest } = overrides;
  return TeamMemberSchema.parse({
    team_id: 'TeAm0001',
    role: 'Owner',
    accepted: true,
    ordering: 0,
    ...rest,
    user: {
      id: 'UsEr0001',
      username: 'Tinkerwren',
      name: null,
      avatar_url: '',
      bio: '',
      created: '2024-03-01T09:00:00.000Z',
      role: 'developer',
      badges: 0,
      email: null,
      email_verified: null,
      has_password: null,
      has_totp: null,
      auth_providers: null,
      payout_data: null,
      github_id: null,
      ...user,
    },
  });
}

export function buildProject(overrides: Partial<Project> = {}): Project {
  return ProjectSchema.parse({
    id: 'PrOj0001',
    slug: 'lanternlight',
    project_type: 'mod',
    team: 'TeAm0001',
    organization: null,
    title: 'Lanternlight',
    description: 'Hanging lanterns and glowing moss that light caves.',
    body: '## About\n\nLanterns **everywhere**.',
    body_url: null,
    published: DATE,
    updated: DATE,
    approved: DATE,
    queued: null,
    status: 'approved',
    requested_status: null,
    moderator_message: null,
    license: { id: 'MPL-2.0', name: 'Mozilla Public License 2.0', url: null },
    client_side: 'required',
    server_side: 'optional',
    downloads: 123456,
    followers: 789,
    categories: ['decoration'],
    additional_categories: [],
    game_versions: ['1.20.1', '1.20.4', '1.21'],
    loaders: ['fabric', 'quilt'],
    versions: ['VeRs0001', 'VeRs0002'],
    icon_url: null,
    raw_icon_url: null,
    issues_url: 'https://issues.example.test/lanternlight',
    source_url: null,
    wiki_url: null,
    discord_url: null,
    donation_urls: [{ id: 'ko-fi', platform: 'Ko-fi', url: 'https://ko-fi.example.test/lanterns' }],
    gallery: [
      { url: 'https://cdn.example.test/g1.webp', raw_url: 'https://cdn.example.test/g1.png', featured: true, title: 'Cave', description: 'A lit cave', created: DATE, ordering: 0 },
      { url: 'https://cdn.example.test/g2.webp', raw_url: 'https://cdn.example.test/g2.png', featured: false, title: 'Moss', description: null, created: DATE, ordering: 1 },
    ],
    color: 0x3d7a6a,
    thread_id: 'ThRe0001',
    monetization_status: 'monetized',
    environment: ['client_only_server_optional'],
    ...overrides,
  });
}

let fileCounter = 0;
export function buildVersion(overrides: Partial<Version> = {}): Version {
  fileCounter++;
  return VersionSchema.parse({
    id: 'VeRs0001',
    project_id: 'PrOj0001',
    author_id: 'UsEr0001',
    featured: false,
    name: 'First light',
    version_number: '1.0.0',
    changelog: 'Initial release.',
    changelog_url: null,
    date_published: DATE,
    downloads: 1000,
    version_type: 'release',
    status: 'listed',
    requested_status: null,
    files: [
      {
        hashes: { sha1: `${fileCounter}`.padStart(40, 'a'), sha512: `${fileCounter}`.padStart(128, 'b') },
        url: `https://cdn.example.test/files/lanternlight-${fileCounter}.jar`,
        filename: 'lanternlight-1.0.0.jar',
        primary: true,
        size: 2048,
        file_type: null,
      },
    ],
    dependencies: [],
    game_versions: ['1.20.1'],
    loaders: ['fabric'],
    environment: 'client_only_server_optional',
    ...overrides,
  });
}

export function buildCategoryTags(): CategoryTag[] {
  return CATEGORIES.map((c) => CategoryTagSchema.parse({ icon: c.icon, name: c.name, project_type: c.projectType, header: c.header }));
}

export function buildGameVersionTags(): GameVersionTag[] {
  const tag = (version: string, version_type: GameVersionTag['version_type'], date: string) => GameVersionTagSchema.parse({ version, version_type, date, major: false });
  return [
    tag('1.21', 'release', '2024-06-13T00:00:00Z'),
    tag('24w14a', 'snapshot', '2024-04-03T00:00:00Z'),
    tag('1.20.4', 'release', '2023-12-07T00:00:00Z'),
    tag('1.20.2', 'release', '2023-09-21T00:00:00Z'),
    tag('1.20.1', 'release', '2023-06-12T00:00:00Z'),
  ];
}

/** A search hit for a project (the fields the index derives from it). */
export function buildSearchHit(project: Project = buildProject(), overrides: Partial<ProjectResult> = {}): ProjectResult {
  return ProjectResultSchema.parse({
    project_id: project.id,
    project_type: project.project_type,
    slug: project.slug,
    author: 'Tinkerwren',
    title: project.title,
    description: project.description,
    categories: [...project.categories, ...project.loaders],
    display_categories: [...project.categories, ...project.loaders],
    versions: project.game_versions,
    downloads: project.downloads,
    follows: project.followers,
    icon_url: project.icon_url ?? '',
    date_created: project.published,
    date_modified: project.updated,
    latest_version: project.versions.at(-1) ?? '',
    license: project.license.id,
    client_side: project.client_side,
    server_side: project.server_side,
    gallery: project.gallery.map((image) => image.url),
    featured_gallery: project.gallery.find((image) => image.featured)?.url ?? null,
    color: project.color,
    all_project_types: [project.project_type],
    environment: project.environment,
    disclosure_types: [],
    author_id: 'UsEr0001',
    organization: null,
    organization_id: null,
    ...overrides,
  });
}

export function buildSearchResults(hits: ProjectResult[], overrides: Partial<SearchResults> = {}): SearchResults {
  return SearchResultsSchema.parse({ hits, offset: 0, limit: 20, total_hits: hits.length, ...overrides });
}

/** The default mock catalogue: two mods and a resource pack, with versions and a team. */
export function defaultCatalogue() {
  const lanternlight = buildProject();
  const satchel = buildProject({
    id: 'PrOj0002',
    slug: 'satchel',
    title: 'Satchel',
    description: 'Leather satchels that sort themselves.',
    categories: ['storage'],
    loaders: ['forge'],
    downloads: 5000,
    followers: 20,
    gallery: [],
    versions: ['VeRs0003'],
    donation_urls: [],
  });
  const softstone = buildProject({
    id: 'PrOj0003',
    slug: 'softstone',
    project_type: 'resourcepack',
    title: 'Softstone',
    description: 'Rounded, calm 16x textures.',
    categories: ['16x'],
    loaders: ['minecraft'],
    versions: [],
    gallery: [],
    donation_urls: [],
  });
  const versions: Record<string, Version[]> = {
    [lanternlight.id]: [
      buildVersion({ id: 'VeRs0002', name: 'Lantern season', version_number: '1.1.0', version_type: 'beta', date_published: '2026-02-01T10:00:00.000Z', game_versions: ['1.20.4', '1.21'], loaders: ['fabric', 'quilt'], changelog: '## Changes\n\n- More moss' }),
      buildVersion({ id: 'VeRs0001', version_number: '1.0.0', game_versions: ['1.20.1'], loaders: ['fabric'] }),
    ],
    [satchel.id]: [buildVersion({ id: 'VeRs0003', project_id: satchel.id, version_number: '2.0.0', loaders: ['forge'], game_versions: ['1.20.1'] })],
    [softstone.id]: [],
  };
  return { projects: [lanternlight, satchel, softstone], versions, members: [buildTeamMember()], user: buildUser() };
}

/** Review pre-checks (GET /v2/project/{id}/review_checks) where every check passes, unless `checks` says otherwise. */
export function buildReviewChecks(projectId: string, checks: Partial<Record<ReviewCheck['id'], Partial<ReviewCheck>>> = {}): ReviewChecks {
  const list = REVIEW_CHECK_IDS.map(
    (id): ReviewCheck => ({ id, status: 'pass', reason: REVIEW_CHECK_REASONS[id][0], message: 'Passed.', values: {}, items: [], item_count: 0, fix: null, ...checks[id] }),
  );
  const count = (status: ReviewCheck['status']) => list.filter((check) => check.status === status).length;
  return { project_id: projectId, checks: list, can_submit: count('fail') === 0, counts: { pass: count('pass'), warn: count('warn'), fail: count('fail') } };
}
