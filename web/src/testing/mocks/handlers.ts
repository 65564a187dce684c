import { http, HttpResponse } from 'msw';
import { buildLoaderTagList } from './factories';

/**
 * Default answers for the API the web calls. `*` matches any origin, so the handlers work whatever
 * the configured API base URL is. Tests override them with `server.use(...)`.
 */
export const handlers = [http.get('*/v2/tag/loader', () => HttpResponse.json(buildLoaderTagList()))];
