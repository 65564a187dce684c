import { http, HttpResponse } from 'msw';
import { buildErrorBody, buildLoaderTagList } from './factories';

/**
 * Default answers for the API the web calls. `*` matches any origin, so the handlers work whatever
 * the configured API base URL is. Tests override them with `server.use(...)`; a signed-in user is
 * `server.use(http.get('*\/v2/user', () => HttpResponse.json(buildUser())))`.
 */
export const handlers = [
  http.get('*/v2/tag/loader', () => HttpResponse.json(buildLoaderTagList())),
  // A visitor: nobody is signed in.
  http.get('*/v2/user', () => HttpResponse.json(buildErrorBody({ error: 'unauthorized', description: 'Authentication required' }), { status: 401 })),
  // No third-party sign-in and no captcha configured.
  http.get('*/v2/auth/providers', () => HttpResponse.json([])),
  http.get('*/v2/auth/captcha', () => HttpResponse.json({ provider: null, site_key: null })),
];
