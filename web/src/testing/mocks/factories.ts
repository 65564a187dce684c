import { LOADERS, loaderTagProjectTypes } from '@cairn/shared/constants/loaders';
import { lineIcon } from '@cairn/shared/constants/svg-icon';
import { ErrorBodySchema, type ErrorBody } from '@cairn/shared/schemas/common';
import { LoaderTagSchema, type LoaderTag } from '@cairn/shared/schemas/tags';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { IssuedSessionSchema, SessionSchema, type IssuedSession, type Session } from '@cairn/shared/schemas/auth';
import { OAuthAuthorizationSchema, OAuthClientSchema, type OAuthAuthorization, type OAuthClient } from '@cairn/shared/schemas/oauth';
import { PatSchema, type Pat } from '@cairn/shared/schemas/pats';
import { UserSchema, type User } from '@cairn/shared/schemas/users';

/**
 * Mock data is built here and parsed through the shared contract schemas, so a mock that drifts
 * from what the API really sends fails loudly instead of passing tests against a wrong shape.
 */

export function buildLoaderTag(overrides: Partial<LoaderTag> = {}): LoaderTag {
  return LoaderTagSchema.parse({
    icon: lineIcon('<circle cx="12" cy="12" r="8"/>'),
    name: 'fabric',
    supported_project_types: ['mod', 'modpack', 'project'],
    ...overrides,
  });
}

/** The loader list as the API sends it, from the shared loader table. */
export function buildLoaderTagList(): LoaderTag[] {
  return LOADERS.map((loader) =>
    buildLoaderTag({ name: loader.name, icon: loader.icon, supported_project_types: loaderTagProjectTypes(loader) }),
  );
}

export function buildErrorBody(overrides: Partial<ErrorBody> = {}): ErrorBody {
  return ErrorBodySchema.parse({ error: 'not_found', description: 'The requested item was not found', ...overrides });
}

const NOW = '2026-03-01T12:00:00.000Z';

export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    id: 'UsEr0001',
    username: 'alice',
    name: null,
    email: 'alice@example.com',
    bio: '',
    payout_data: null,
    avatar_url: '',
    created: NOW,
    role: 'developer',
    badges: 0,
    auth_providers: [],
    email_verified: true,
    has_password: true,
    has_totp: false,
    github_id: null,
    ...overrides,
  });
}

export function buildSession(overrides: Partial<Session> = {}): Session {
  return SessionSchema.parse({
    id: 'SeSs0001',
    user_id: 'UsEr0001',
    created: NOW,
    last_login: NOW,
    expires: '2026-03-15T12:00:00.000Z',
    refresh_expires: '2026-04-30T12:00:00.000Z',
    os: 'Linux',
    platform: 'Firefox',
    user_agent: 'Mozilla/5.0',
    city: null,
    country: null,
    ip: '203.0.113.5',
    current: true,
    ...overrides,
  });
}

export function buildIssuedSession(overrides: Partial<IssuedSession> = {}): IssuedSession {
  return IssuedSessionSchema.parse({ ...buildSession(), session: `crs_${'a'.repeat(60)}`, ...overrides });
}

export function buildPat(overrides: Partial<Pat> = {}): Pat {
  return PatSchema.parse({
    id: 'PaT00001',
    name: 'Deploy script',
    access_token: null,
    scopes: scopeBits('PROJECT_READ', 'VERSION_CREATE'),
    user_id: 'UsEr0001',
    created: NOW,
    expires: '2099-01-01T00:00:00.000Z',
    last_used: null,
    ...overrides,
  });
}

export function buildOAuthClient(overrides: Partial<OAuthClient> = {}): OAuthClient {
  return OAuthClientSchema.parse({
    id: 'ApP00001',
    name: 'Pack Builder',
    icon_url: null,
    max_scopes: scopeBits('USER_READ', 'PROJECT_READ', 'PROJECT_WRITE'),
    redirect_uris: [{ id: 'UrI00001', client_id: 'ApP00001', uri: 'https://packs.example/callback' }],
    created_by: 'UsEr0002',
    created: NOW,
    url: 'https://packs.example',
    description: 'Builds modpacks from your collections.',
    ...overrides,
  });
}

export function buildOAuthAuthorization(overrides: Partial<OAuthAuthorization> = {}): OAuthAuthorization {
  return OAuthAuthorizationSchema.parse({
    id: 'AuTh0001',
    app_id: 'ApP00001',
    user_id: 'UsEr0001',
    scopes: scopeBits('USER_READ', 'PROJECT_READ'),
    created: NOW,
    ...overrides,
  });
}
