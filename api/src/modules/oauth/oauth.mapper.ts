import type { CreatedOAuthClient, OAuthAuthorization, OAuthClient, OAuthConsentFlow } from '@cairn/shared/schemas/oauth';
import { encodeBase62 } from '../../lib/ids.js';
import type { AppView } from './oauth-apps.service.js';
import type { ConsentFlow } from './oauth-flow.service.js';
import type { AuthorizationRow } from './oauth.repository.js';

/** DB rows → v2 wire objects for apps, authorizations and consent flows. */

export function toOAuthClient({ client, redirectUris }: AppView): OAuthClient {
  return {
    id: encodeBase62(client.id),
    name: client.name,
    icon_url: client.iconUrl,
    max_scopes: client.maxScopes,
    redirect_uris: redirectUris.map((row) => ({ id: encodeBase62(row.id), client_id: encodeBase62(row.clientId), uri: row.uri })),
    created_by: encodeBase62(client.createdBy),
    created: client.created.toISOString(),
    url: client.url,
    description: client.description,
  };
}

export function toCreatedOAuthClient(app: AppView, secret: string): CreatedOAuthClient {
  return { ...toOAuthClient(app), client_secret: secret };
}

export function toOAuthAuthorization(row: AuthorizationRow): OAuthAuthorization {
  return {
    id: encodeBase62(row.id),
    app_id: encodeBase62(row.clientId),
    user_id: encodeBase62(row.userId),
    scopes: row.scopes,
    created: row.created.toISOString(),
  };
}

export function toOAuthConsentFlow(flow: ConsentFlow): OAuthConsentFlow {
  return {
    flow_id: flow.flowId,
    client_id: encodeBase62(flow.client.id),
    client_name: flow.client.name,
    client_icon: flow.client.iconUrl,
    requested_scopes: flow.scopes,
    redirect_uri: flow.redirectUri,
  };
}
