import { scopeBits } from '@cairn/shared/constants/scopes';
import type { CreatedOAuthClient } from '@cairn/shared/schemas/oauth';
import { requireAuth } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { oauthDriver } from '../factories/oauth.js';

const BYPASS = 'oauth-test-rate-limit-bypass';

export interface OAuthWorld {
  ctx: TestContext;
  actors: Actors;
  oauth: ReturnType<typeof oauthDriver>;
  /** An app by the creator that may ask for USER_READ, NOTIFICATION_READ and USER_WRITE. */
  client: CreatedOAuthClient;
}

/**
 * The OAuth test files' world: the app with three routes that answer who called them (each
 * needing one scope), the usual actors, and one registered app with two redirect URIs.
 */
export async function createOAuthWorld(): Promise<OAuthWorld> {
  const ctx = await createTestContext({
    env: { RATE_LIMIT_BYPASS_KEY: BYPASS },
    beforeReady: (app) => {
      const whoami = async (request: { actor: { userId: number; kind: string } | null }) => ({ user: request.actor?.userId ?? null, kind: request.actor?.kind });
      app.get('/v2/_test/read', { config: requireAuth('USER_READ') }, whoami);
      app.get('/v2/_test/notifications', { config: requireAuth('NOTIFICATION_READ') }, whoami);
      app.post('/v2/_test/write', { config: requireAuth('USER_WRITE') }, whoami);
    },
  });
  const actors = await createActors(ctx.database.db);
  const oauth = oauthDriver(ctx.app, BYPASS);
  const client = await oauth.registerApp(actors.creator.session, {
    max_scopes: scopeBits('USER_READ', 'NOTIFICATION_READ', 'USER_WRITE'),
    redirect_uris: ['https://launcher.test/callback?source=cairn', 'http://127.0.0.1:4567/done'],
  });
  return { ctx, actors, oauth, client };
}
