import { z } from 'zod';
import { addProblem, optionalUrl, stripSlash } from './env-values.js';

const PROVIDERS = ['GITHUB', 'DISCORD', 'GITLAB', 'GOOGLE', 'MICROSOFT', 'OIDC'] as const;
type ProviderName = (typeof PROVIDERS)[number];

/** Third-party sign-in: each provider is enabled by its client id and secret. */
export const signInProvidersSchema = z.object({
  ...providerVariables('GITHUB'),
  ...providerVariables('DISCORD'),
  ...providerVariables('GITLAB'),
  /** Base URL of a self-managed GitLab (default https://gitlab.com). */
  AUTH_GITLAB_URL: optionalUrl,
  ...providerVariables('GOOGLE'),
  ...providerVariables('MICROSOFT'),
  /** Microsoft Entra tenant: common, organizations, consumers or a tenant id. */
  AUTH_MICROSOFT_TENANT: z.string().regex(/^[a-zA-Z0-9.-]+$/).default('common'),
  ...providerVariables('OIDC'),
  /** Any OpenID Connect issuer (discovered from /.well-known/openid-configuration). */
  AUTH_OIDC_ISSUER: optionalUrl,
  /** Name shown on the sign-in button of the generic OpenID Connect provider. */
  AUTH_OIDC_NAME: z.string().min(1).max(64).default('Single sign-on'),
});

export type SignInProvidersEnv = z.infer<typeof signInProvidersSchema>;

export interface SignInProvidersSection {
  /** Third-party sign-in providers with credentials configured. */
  authProviders: AuthProviderConfig[];
}

export type AuthProviderConfig =
  | { kind: 'github' | 'discord' | 'google'; clientId: string; clientSecret: string }
  | { kind: 'gitlab'; clientId: string; clientSecret: string; baseUrl: string }
  | { kind: 'microsoft'; clientId: string; clientSecret: string; tenant: string }
  | { kind: 'oidc'; clientId: string; clientSecret: string; issuer: string; name: string };

/** `AUTH_<NAME>_CLIENT_ID` and `AUTH_<NAME>_CLIENT_SECRET` of a third-party sign-in provider. */
function providerVariables<N extends string>(name: N) {
  return {
    [`AUTH_${name}_CLIENT_ID`]: z.string().min(1).optional(),
    [`AUTH_${name}_CLIENT_SECRET`]: z.string().min(1).optional(),
  } as Record<`AUTH_${N}_CLIENT_ID` | `AUTH_${N}_CLIENT_SECRET`, z.ZodOptional<z.ZodString>>;
}

export function checkSignInProviders(env: SignInProvidersEnv, ctx: z.RefinementCtx): void {
  for (const name of PROVIDERS) {
    const id = env[`AUTH_${name}_CLIENT_ID`];
    const secret = env[`AUTH_${name}_CLIENT_SECRET`];
    if (id && !secret) addProblem(ctx, `AUTH_${name}_CLIENT_SECRET`, `required when AUTH_${name}_CLIENT_ID is set`);
    if (secret && !id) addProblem(ctx, `AUTH_${name}_CLIENT_ID`, `required when AUTH_${name}_CLIENT_SECRET is set`);
  }
  if (env.AUTH_OIDC_CLIENT_ID && !env.AUTH_OIDC_ISSUER) addProblem(ctx, 'AUTH_OIDC_ISSUER', 'required when AUTH_OIDC_CLIENT_ID is set');
  for (const key of ['AUTH_OIDC_ISSUER', 'AUTH_GITLAB_URL'] as const) {
    const value = env[key];
    if (value && !isSecureOrLoopback(value)) addProblem(ctx, key, 'must use https (http only on loopback)');
  }
}

function isSecureOrLoopback(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

export function signInProvidersSection(env: SignInProvidersEnv): SignInProvidersSection {
  const credentials = (name: ProviderName) => {
    const clientId = env[`AUTH_${name}_CLIENT_ID`];
    const clientSecret = env[`AUTH_${name}_CLIENT_SECRET`];
    return clientId && clientSecret ? { clientId, clientSecret } : undefined;
  };
  const list: AuthProviderConfig[] = [];
  const github = credentials('GITHUB');
  if (github) list.push({ kind: 'github', ...github });
  const discord = credentials('DISCORD');
  if (discord) list.push({ kind: 'discord', ...discord });
  const gitlab = credentials('GITLAB');
  if (gitlab) list.push({ kind: 'gitlab', ...gitlab, baseUrl: stripSlash(env.AUTH_GITLAB_URL ?? 'https://gitlab.com') });
  const google = credentials('GOOGLE');
  if (google) list.push({ kind: 'google', ...google });
  const microsoft = credentials('MICROSOFT');
  if (microsoft) list.push({ kind: 'microsoft', ...microsoft, tenant: env.AUTH_MICROSOFT_TENANT });
  const oidc = credentials('OIDC');
  if (oidc && env.AUTH_OIDC_ISSUER) list.push({ kind: 'oidc', ...oidc, issuer: stripSlash(env.AUTH_OIDC_ISSUER), name: env.AUTH_OIDC_NAME });
  return { authProviders: list };
}
