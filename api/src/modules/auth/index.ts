import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createBackgroundTasks } from '../../lib/background-tasks.js';
import type { CaptchaVerifier } from '../../lib/captcha.js';
import type { Mailer } from '../../lib/mail/mailer.js';
import { createMessages } from '../../lib/mail/messages.js';
import { createAuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { createSignInProviders } from './third-party/providers.js';
import { createThirdPartyService } from './third-party/third-party.service.js';
import { thirdPartyRoutes } from './third-party/third-party.routes.js';

export interface AuthModuleDeps {
  db: Database;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  config: Pick<Config, 'publicSiteUrl' | 'publicApiUrl' | 'webOrigins' | 'secureCookies' | 'captcha' | 'authProviders'>;
}

/** Sign-up, sign-in, two-factor, password, email and third-party sign-in under /v2/auth/*. */
export const authModule: FastifyPluginAsync<AuthModuleDeps> = async (app, deps) => {
  const { db, mailer, captcha, config } = deps;
  const messages = createMessages({ siteUrl: config.publicSiteUrl });
  const log = app.log;
  const background = createBackgroundTasks(log);
  // Mail started by a request is finished before the database closes.
  app.addHook('onClose', () => background.drain());
  const auth = createAuthService({ db, mailer, messages, captcha, log, background });
  const thirdParty = createThirdPartyService({
    db,
    providers: createSignInProviders(config.authProviders),
    auth,
    mailer,
    messages,
    callbackUrl: `${config.publicApiUrl}/v2/auth/callback`,
    webOrigins: config.webOrigins,
    log,
  });
  const captchaSettings = { provider: config.captcha?.provider ?? null, site_key: config.captcha?.siteKey ?? null };
  await app.register(authRoutes, { service: auth, secureCookies: config.secureCookies, captcha: captchaSettings });
  await app.register(thirdPartyRoutes, { service: thirdParty, secureCookies: config.secureCookies });
};
