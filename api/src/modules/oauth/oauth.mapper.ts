import type { CreatedOAuthClient, OAuthAuthorization, OAuthClient, OAuthConsentFlow } from '@cairn/shared/schemas/oauth';
import { encodeBase62 } from '../../lib/ids.js';
import type { AppView } from './oauth-apps.service.js';
import type { ConsentFlow } from './oauth-flow.service.js';
import type { AuthorizationRow } from './oauth.repository.js';

/** DB rows → v2 wire objects for apps, authorizations and consent flows. `cdnUrl` is where stored images are served. */

const imageUrl = (cdnUrl: string, key: string | null) => (key ? `${cdnUrl}/${key}` : null);

export function toOAuthClient({ client, redirectUris }: AppView, cdnUrl: string): OAuthClient {
  return {
    id: encodeBase62(client.id),
    name: client.name,
    icon_url: imageUrl(cdnUrl, client.iconKey),
    max_scopes: client.maxScopes,
    redirect_uris: redirectUris.map((row) => ({ id: encodeBase62(row.id), client_id: encodeBase62(row.clientId), uri: row.uri })),
    created_by: encodeBase62(client.createdBy),
    created: client.created.toISOString(),
    url: client.url,
    description: client.description,
  };
}

export function toCreatedOAuthClient(app: AppView, secret: string, cdnUrl: string): CreatedOAuthClient {
  return { ...toOAuthClient(app, cdnUrl), client_secret: secret };
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

export function toOAuthConsentFlow(flow: ConsentFlow, cdnUrl: string): OAuthConsentFlow {
  return {
    flow_id: flow.flowId,
    client_id: encodeBase62(flow.client.id),
    client_name: flow.client.name,
    client_icon: imageUrl(cdnUrl, flow.client.iconKey),
    requested_scopes: flow.scopes,
    redirect_uri: flow.redirectUri,
  };
}
