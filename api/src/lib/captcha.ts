import type { Config } from '../config.js';
import { badRequest } from './errors.js';

/** Checks the `challenge` a form sent. Without a configured captcha every request passes. */
export interface CaptchaVerifier {
  /** Throws 400 `invalid_captcha` when the challenge is missing or not accepted. */
  verify(challenge: string | undefined, ip: string | null): Promise<void>;
}

const VERIFY_URLS = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

export const noCaptcha: CaptchaVerifier = { verify: async () => {} };

/** hCaptcha and Turnstile share the same siteverify protocol (form post → `{ success }`). */
export function siteVerifyCaptcha(settings: NonNullable<Config['captcha']>): CaptchaVerifier {
  const url = settings.verifyUrl ?? VERIFY_URLS[settings.provider];
  return {
    async verify(challenge, ip) {
      if (!challenge) throw badRequest('Please complete the captcha.', 'invalid_captcha');
      const form = new URLSearchParams({ secret: settings.secret, response: challenge });
      if (ip) form.set('remoteip', ip);
      let accepted = false;
      try {
        const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
        accepted = response.ok && ((await response.json()) as { success?: unknown }).success === true;
      } catch {
        throw badRequest('The captcha could not be checked right now; please try again.', 'invalid_captcha');
      }
      if (!accepted) throw badRequest('The captcha was not accepted; please try again.', 'invalid_captcha');
    },
  };
}

export function createCaptchaVerifier(config: Config): CaptchaVerifier {
  return config.captcha ? siteVerifyCaptcha(config.captcha) : noCaptcha;
}
