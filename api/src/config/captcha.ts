import { z } from 'zod';
import { addProblem, optionalUrl } from './env-values.js';

/** The captcha on sign-up, sign-in and password reset. */
export const captchaSchema = z.object({
  /** Captcha on sign-up, sign-in and password reset: hcaptcha | turnstile (unset = no captcha). */
  CAPTCHA_PROVIDER: z.enum(['hcaptcha', 'turnstile']).optional(),
  CAPTCHA_SECRET: z.string().min(8).optional(),
  /** Public site key the website shows the widget with. */
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** Verification endpoint override (a compatible self-hosted service). */
  CAPTCHA_VERIFY_URL: optionalUrl,
});

export type CaptchaEnv = z.infer<typeof captchaSchema>;

export interface CaptchaSection {
  captcha: { provider: 'hcaptcha' | 'turnstile'; secret: string; siteKey: string | undefined; verifyUrl: string | undefined } | undefined;
}

export function checkCaptcha(env: CaptchaEnv, ctx: z.RefinementCtx): void {
  if (env.CAPTCHA_PROVIDER && !env.CAPTCHA_SECRET) addProblem(ctx, 'CAPTCHA_SECRET', 'required when CAPTCHA_PROVIDER is set');
}

export function captchaSection(env: CaptchaEnv): CaptchaSection {
  return {
    captcha:
      env.CAPTCHA_PROVIDER && env.CAPTCHA_SECRET
        ? { provider: env.CAPTCHA_PROVIDER, secret: env.CAPTCHA_SECRET, siteKey: env.CAPTCHA_SITE_KEY, verifyUrl: env.CAPTCHA_VERIFY_URL }
        : undefined,
  };
}
