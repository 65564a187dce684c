import type { AuthCallbackQuery } from '@cairn/shared/schemas/auth';
import type { Database, Executor } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { ApiError, badRequest } from '../../../lib/errors.js';
import type { MailMessage, Mailer } from '../../../lib/mail/mailer.js';
import type { Messages } from '../../../lib/mail/messages.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import { hashToken, randomBase62, tokenKind } from '../../../lib/tokens.js';
import type { ClientInfo } from '../../../lib/user-agent.js';
import { findLiveCredential } from '../credentials.repository.js';
import * as userAccounts from '../../users/user-accounts.port.js';
import * as flows from '../flows.repository.js';
import * as repo from '../auth.repository.js';
import type { AuthService, SignInResult } from '../auth.service.js';
import { type ProviderProfile, type SignInProvider } from './providers.js';
import { calculatePKCECodeChallenge } from 'openid-client';

/** A started third-party sign-in is valid for 30 minutes. */
const PROVIDER_FLOW_LIFETIME_MS = 30 * 60 * 1000;
const USERNAME_MAX = 39;

export interface ThirdPartyServiceDeps {
  db: Database;
  providers: SignInProvider[];
  auth: AuthService;
  mailer: Mailer;
  messages: Messages;
  /** Where providers send the browser back: the API's /v2/auth/callback. */
  callbackUrl: string;
  /** Origins the browser may be returned to (the website's). */
  webOrigins: string[];
  log: { error(object: Record<string, unknown>, message: string): void };
}

export type CallbackOutcome =
  | { kind: 'signed_in'; result: SignInResult; returnUrl: string | undefined }
  | { kind: 'linked'; provider: string; returnUrl: string | undefined }
  | { kind: 'failed'; error: ApiError; returnUrl: string };

interface ProviderFlowData {
  provider: string;
  returnUrl?: string;
  codeVerifier: string;
}

/** Provider names become usernames: allowed characters only, at most 39 of them. */
export function usernameFrom(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX);
}

export function createThirdPartyService(deps: ThirdPartyServiceDeps) {
  const { db, providers, auth, mailer, messages, callbackUrl, log } = deps;
  const allowedOrigins = new Set(deps.webOrigins);

  function providerById(id: string): SignInProvider {
    const provider = providers.find((p) => p.id === id);
    if (!provider) throw badRequest(`'${id}' is not a sign-in provider enabled on this server.`, 'invalid_provider');
    return provider;
  }

  const nameOf = (id: string) => providers.find((p) => p.id === id)?.name ?? id;

  async function deliver(message: MailMessage): Promise<void> {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, kind: message.kind }, 'could not queue mail');
    }
  }

  function checkReturnUrl(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest("Invalid query parameter 'url': not a URL.", 'url_error');
    }
    if (!allowedOrigins.has(parsed.origin)) throw badRequest("Invalid query parameter 'url': it must be a page of this site.", 'url_error');
    return parsed.toString();
  }

  /** The first candidate (or a numbered variant) nobody has taken. */
  async function availableUsername(candidates: string[]): Promise<string> {
    const bases = [...new Set(candidates.map(usernameFrom).filter(Boolean))];
    if (!bases.length) bases.push('player');
    for (const base of bases) if (!(await userAccounts.isUsernameTaken(db, base))) return base;
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = String(Math.floor(1000 + Math.random() * 9000 * (attempt + 1)));
      const name = `${bases[0]!.slice(0, USERNAME_MAX - suffix.length - 1)}_${suffix}`;
      if (!(await userAccounts.isUsernameTaken(db, name))) return name;
    }
    return `player_${randomBase62(12)}`;
  }

  async function signIn(provider: SignInProvider, profile: ProviderProfile, client: ClientInfo): Promise<SignInResult> {
    const existing = await repo.findUserIdByIdentity(db, provider.id, profile.subject);
    if (existing !== undefined) {
      const user = await userAccounts.findCredentialsById(db, existing);
      if (user) return auth.completeSignIn(user, client);
    }
    const email = profile.emailVerified ? profile.email : null;
    // Never attach a new identity to an existing account by email: its owner links it while signed in.
    if (email && (await userAccounts.isEmailTaken(db, email))) {
      throw badRequest(
        `An account already uses the email address of this ${provider.name} account. Sign in to it, then link ${provider.name} from your account settings.`,
        'duplicate_email',
      );
    }
    const username = await availableUsername(profile.usernames);
    let userId: number;
    try {
      userId = await auth.registerAccount({ username, email, password: null, newsletter: false, emailVerified: email !== null }, (tx: Executor, id: number) =>
        repo.insertUserProvider(tx, { userId: id, provider: provider.id, subject: profile.subject }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'user_auth_providers_identity_idx')) throw badRequest(`This ${provider.name} account was just linked to another account.`, 'provider_already_linked');
      throw error;
    }
    return auth.completeSignIn({ id: userId, totpSecret: null }, client);
  }

  async function link(userId: number, provider: SignInProvider, profile: ProviderProfile): Promise<void> {
    const owner = await repo.findUserIdByIdentity(db, provider.id, profile.subject);
    if (owner === userId) return;
    if (owner !== undefined) throw badRequest(`This ${provider.name} account is already linked to another Cairn account.`, 'provider_already_linked');
    const user = await userAccounts.findCredentialsById(db, userId);
    if (!user) throw badRequest('The account to link to no longer exists.', 'invalid_flow');
    try {
      await repo.insertUserProvider(db, { userId, provider: provider.id, subject: profile.subject });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(`Your account already has a ${provider.name} account linked; unlink it first.`, 'provider_already_linked');
      throw error;
    }
    if (user.email) await deliver(messages.providerAdded(user.email, user.username, provider.name));
  }

  return {
    listProviders: () => providers.map((p) => ({ id: p.id, name: p.name })),

    /** Starts a sign-in (or, with `linkUserId`, a link) and answers the provider's authorization URL. */
    async begin(request: { provider: string; returnUrl?: string; linkUserId?: number }): Promise<string> {
      const provider = providerById(request.provider);
      const returnUrl = request.returnUrl === undefined ? undefined : checkReturnUrl(request.returnUrl);
      const codeVerifier = randomBase62(64);
      const data: ProviderFlowData = { provider: provider.id, codeVerifier, ...(returnUrl ? { returnUrl } : {}) };
      const state = await flows.insertFlow(db, { kind: 'provider_signin', userId: request.linkUserId ?? null, data: { ...data }, lifetimeMs: PROVIDER_FLOW_LIFETIME_MS });
      return provider.authorizationUrl({ state, codeChallenge: await calculatePKCECodeChallenge(codeVerifier), redirectUri: callbackUrl });
    },

    /** The account a `token` query parameter (a live session token) names, for linking. */
    async userOfSessionToken(token: string): Promise<number> {
      const row = tokenKind(token) === 'session' ? await findLiveCredential(db, 'session', hashToken(token)) : undefined;
      if (!row) throw new ApiError(401, 'unauthorized', 'The token is not a live session token; sign in again.');
      return row.userId;
    },

    async complete(query: AuthCallbackQuery, client: ClientInfo): Promise<CallbackOutcome> {
      const flow = query.state ? await flows.consumeFlow(db, query.state, 'provider_signin') : undefined;
      if (!flow) throw badRequest('This sign-in attempt is unknown or has expired; please start again.', 'invalid_flow');
      const data = flow.data as unknown as ProviderFlowData;
      try {
        const provider = providerById(data.provider);
        if (query.error) {
          const reason = query.error === 'access_denied' ? 'access was not granted' : (query.error_description ?? query.error);
          throw new ApiError(400, 'provider_error', `Signing in with ${provider.name} did not work: ${reason}.`);
        }
        if (!query.code) throw badRequest(`${provider.name} sent no authorization code.`, 'provider_error');
        const profile = await provider.fetchProfile({ code: query.code, codeVerifier: data.codeVerifier, redirectUri: callbackUrl, iss: query.iss });
        if (flow.userId !== null) {
          await link(flow.userId, provider, profile);
          return { kind: 'linked', provider: provider.id, returnUrl: data.returnUrl };
        }
        return { kind: 'signed_in', result: await signIn(provider, profile, client), returnUrl: data.returnUrl };
      } catch (error) {
        if (error instanceof ApiError && data.returnUrl) return { kind: 'failed', error, returnUrl: data.returnUrl };
        throw error;
      }
    },

    /** Unlinks a provider, unless it is the account's last way to sign in. */
    async unlink(actor: Actor, providerId: string): Promise<void> {
      const user = await db.transaction(async (tx) => {
        await userAccounts.lockUser(tx, actor.userId);
        const credentials = await userAccounts.findCredentialsById(tx, actor.userId);
        const links = await repo.listUserProviders(tx, actor.userId);
        if (!credentials) throw new ApiError(401, 'unauthorized', 'The account of this session no longer exists.');
        if (!links.some((l) => l.provider === providerId)) throw badRequest(`${nameOf(providerId)} is not linked to your account.`);
        if (!credentials.passwordHash && links.length === 1) {
          throw badRequest(`${nameOf(providerId)} is the only way to sign in to your account: set a password or link another provider first.`);
        }
        await repo.deleteUserProvider(tx, actor.userId, providerId);
        return credentials;
      });
      if (user.email) await deliver(messages.providerRemoved(user.email, user.username, nameOf(providerId)));
    },
  };
}

export type ThirdPartyService = ReturnType<typeof createThirdPartyService>;
