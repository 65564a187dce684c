import { z } from 'zod';
import { Base62IdSchema, jsonArrayQuery } from './common.js';
import { GrantableScopeBitsSchema, ScopeBitsSchema } from './pats.js';

// OAuth apps (/v2/oauth/app*, /v2/user/{id}/oauth_apps), the authorization-code flow
// (/v2/oauth/authorize, accept, reject, token) and a user's authorizations (/v2/oauth/authorizations).

const DateTimeSchema = z.iso.datetime({ offset: true });

/** An https address of at most `max` characters. */
export function httpsUrlSchema(max: number) {
  return z.url({ protocol: /^https$/, error: 'must be a valid https:// URL' }).max(max);
}

/**
 * Where an app receives codes: an absolute URI without a fragment (RFC 6749 §3.1.2). Web apps use
 * https, native apps a loopback http address or their own scheme (`com.example.app:/callback`);
 * schemes that would run or read content instead of reaching an app are refused.
 */
export const RedirectUriSchema = z
  .url({
    protocol: /^(?!(?:javascript|data|vbscript|file|blob|about)$)[a-z][a-z0-9+.-]*$/i,
    error: 'must be an absolute URI with a scheme that reaches an app (not javascript:, data:, file:…)',
  })
  .max(2048)
  .refine((text) => !text.includes('#'), 'must not contain a fragment (#…)');

export const OAuthAppNameSchema = z.string().trim().min(3).max(255);
export const OAuthAppUrlSchema = httpsUrlSchema(255);
export const OAuthAppDescriptionSchema = z.string().max(255);

const RedirectUriListSchema = z
  .array(RedirectUriSchema)
  .min(1)
  .max(32)
  .refine((uris) => new Set(uris).size === uris.length, 'must not contain the same URI twice');

export const OAuthRedirectUriSchema = z.object({
  id: Base62IdSchema,
  client_id: Base62IdSchema,
  uri: z.string(),
});
export type OAuthRedirectUri = z.infer<typeof OAuthRedirectUriSchema>;

/** An OAuth app as anyone may see it (the secret is never part of it). */
export const OAuthClientSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  icon_url: z.string().nullable(),
  max_scopes: ScopeBitsSchema,
  redirect_uris: z.array(OAuthRedirectUriSchema),
  created_by: Base62IdSchema,
  created: DateTimeSchema,
  url: z.string().nullable(),
  description: z.string().nullable(),
});
export type OAuthClient = z.infer<typeof OAuthClientSchema>;
export const OAuthClientListSchema = z.array(OAuthClientSchema);

/** `?ids=` of GET /oauth/apps: a JSON array (`["a","b"]`) or a comma-separated list (`a,b`). */
export const OAuthAppIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(4096)
    .transform((raw) => (raw.trim().startsWith('[') ? raw : JSON.stringify(raw.split(',').map((id) => id.trim()).filter(Boolean))))
    .pipe(jsonArrayQuery(Base62IdSchema)),
});

/** The creation response: the client secret is shown this once. */
export const CreatedOAuthClientSchema = OAuthClientSchema.extend({ client_secret: z.string() });
export type CreatedOAuthClient = z.infer<typeof CreatedOAuthClientSchema>;

export const CreateOAuthClientBodySchema = z.object({
  name: OAuthAppNameSchema,
  max_scopes: GrantableScopeBitsSchema,
  redirect_uris: RedirectUriListSchema,
  url: OAuthAppUrlSchema.nullish(),
  description: OAuthAppDescriptionSchema.nullish(),
});
export type CreateOAuthClientBody = z.infer<typeof CreateOAuthClientBodySchema>;

/** Absent fields stay as they are; `null` clears `url` / `description`; `redirect_uris` replaces the list. */
export const EditOAuthClientBodySchema = z.object({
  name: OAuthAppNameSchema.optional(),
  max_scopes: GrantableScopeBitsSchema.optional(),
  redirect_uris: RedirectUriListSchema.optional(),
  url: OAuthAppUrlSchema.nullish(),
  description: OAuthAppDescriptionSchema.nullish(),
});
export type EditOAuthClientBody = z.infer<typeof EditOAuthClientBodySchema>;

/** A user's standing grant of scopes to an app. */
export const OAuthAuthorizationSchema = z.object({
  id: Base62IdSchema,
  app_id: Base62IdSchema,
  user_id: Base62IdSchema,
  scopes: ScopeBitsSchema,
  created: DateTimeSchema,
});
export type OAuthAuthorization = z.infer<typeof OAuthAuthorizationSchema>;
export const OAuthAuthorizationListSchema = z.array(OAuthAuthorizationSchema);

/** What the consent page shows; `flow_id` is then sent to accept or reject. Valid 30 minutes. */
export const OAuthConsentFlowSchema = z.object({
  flow_id: z.string(),
  client_id: Base62IdSchema,
  client_name: z.string(),
  client_icon: z.string().nullable(),
  requested_scopes: ScopeBitsSchema,
  /** Where the user will be sent afterwards. */
  redirect_uri: z.string(),
});
export type OAuthConsentFlow = z.infer<typeof OAuthConsentFlowSchema>;

/**
 * `GET /oauth/authorize`, `POST /oauth/accept` and `/oauth/reject` answer either with a consent
 * flow, or — when the user is done — with the URL to send the browser to (also in `Location`),
 * carrying `code` or `error`, and `state`.
 */
export const OAuthRedirectSchema = z.string();
export const OAuthAuthorizeResponseSchema = z.union([OAuthRedirectSchema, OAuthConsentFlowSchema]);
export type OAuthAuthorizeResponse = z.infer<typeof OAuthAuthorizeResponseSchema>;

export const OAuthAuthorizeQuerySchema = z.object({
  client_id: z.string().max(64),
  redirect_uri: z.string().max(2048).optional(),
  /** Scope names separated by spaces (or `+`); absent = everything the app may ask for. */
  scope: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  /** Only `code` is supported; may be omitted. */
  response_type: z.string().max(64).optional(),
  /** PKCE (RFC 7636): BASE64URL(SHA-256(code_verifier)); method must be S256. */
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(16).optional(),
});
export type OAuthAuthorizeQuery = z.infer<typeof OAuthAuthorizeQuerySchema>;

export const OAuthFlowBodySchema = z.object({ flow: z.string().min(1).max(128) });
export type OAuthFlowBody = z.infer<typeof OAuthFlowBodySchema>;

/** Token request (form-encoded or JSON). The client authenticates with its secret or PKCE. */
export const OAuthTokenRequestSchema = z.object({
  grant_type: z.string().max(64).optional(),
  code: z.string().max(256).optional(),
  redirect_uri: z.string().max(2048).optional(),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(256).optional(),
  code_verifier: z.string().max(256).optional(),
});
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequestSchema>;

export const OAuthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  /** The granted scope names, space separated. */
  scope: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponseSchema>;

export const OAuthRevokeQuerySchema = z.object({ client_id: Base62IdSchema });
