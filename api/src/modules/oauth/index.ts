import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { oauthError } from './oauth-protocol.js';
import { createOAuthAppsService } from './oauth-apps.service.js';
import { oauthAppsRoutes } from './oauth-apps.routes.js';
import { createOAuthFlowService } from './oauth-flow.service.js';
import { oauthRoutes } from './oauth.routes.js';

/** OAuth apps (/v2/oauth/app*, /v2/user/{id}/oauth_apps), the authorization-code flow and authorizations. */
export interface OAuthModuleDeps {
  db: Database;
  files: FileStore;
  /** Public base URL of stored images (app icons). */
  cdnUrl: string;
}

export const oauthModule: FastifyPluginAsync<OAuthModuleDeps> = async (app, deps) => {
  // OAuth clients post form-encoded bodies (RFC 6749); each parameter may appear once.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = new Map<string, string>();
    for (const [key, value] of new URLSearchParams(body as string)) {
      if (fields.has(key)) return done(oauthError(400, 'invalid_request', `Parameter '${key}' was sent more than once`));
      fields.set(key, value);
    }
    done(null, Object.fromEntries(fields));
  });
  await app.register(oauthAppsRoutes, { service: createOAuthAppsService(deps), cdnUrl: deps.cdnUrl });
  await app.register(oauthRoutes, { service: createOAuthFlowService(deps), cdnUrl: deps.cdnUrl });
};
