import type { CaptchaSettings } from '@cairn/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { authQueries } from '../api/auth-queries';
import styles from './captcha.module.css';
import { FieldError, FieldHint } from '../../../components/ui/form';

type Provider = NonNullable<CaptchaSettings['provider']>;

/** Both widgets share this much of their explicit-render API. */
interface WidgetApi {
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void }): string;
  reset(id?: string): void;
  remove?(id: string): void;
}

const SCRIPTS: Record<Provider, { src: string; global: 'hcaptcha' | 'turnstile' }> = {
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
};

const loading = new Map<Provider, Promise<WidgetApi>>();

/** Loads the provider's script once per page. */
function loadWidgetApi(provider: Provider): Promise<WidgetApi> {
  let promise = loading.get(provider);
  if (!promise) {
    const { src, global } = SCRIPTS[provider];
    promise = new Promise<WidgetApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
        if (api) resolve(api);
        else reject(new Error(`${provider} did not start`));
      };
      script.onerror = () => reject(new Error(`${provider} could not be loaded`));
      document.head.append(script);
    }).catch((error: unknown) => {
      loading.delete(provider);
      throw error;
    });
    loading.set(provider, promise);
  }
  return promise;
}

function CaptchaWidget({ provider, siteKey, onToken, resetKey }: { provider: Provider; siteKey: string; onToken: (token: string | undefined) => void; resetKey: number }) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string } | undefined>(undefined);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tokenHandler = useRef(onToken);
  useEffect(() => {
    tokenHandler.current = onToken;
  });

  useEffect(() => {
    let cancelled = false;
    loadWidgetApi(provider).then(
      (api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => tokenHandler.current(token),
          'expired-callback': () => tokenHandler.current(undefined),
          'error-callback': () => tokenHandler.current(undefined),
        });
        widget.current = { api, id };
        setStatus('ready');
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove?.(widget.current.id);
      widget.current = undefined;
    };
  }, [provider, siteKey]);

  // A challenge answer is good for one request: after a failed submit the form asks for a new one.
  useEffect(() => {
    if (resetKey === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    tokenHandler.current(undefined);
  }, [resetKey]);

  return (
    <div className={styles.captcha}>
      <div ref={container} />
      {status === 'loading' && <FieldHint>{t('account.captcha.loading')}</FieldHint>}
      {status === 'failed' && (
        <FieldError role="alert">
          {t('account.captcha.failed')}
        </FieldError>
      )}
    </div>
  );
}

export interface Captcha {
  /** The server asks forms for a captcha answer. */
  required: boolean;
  /** The answer to send as `challenge` (undefined until solved). */
  challenge: string | undefined;
  /** The widget to place in the form (nothing when no captcha is configured). */
  element: ReactNode;
  /** Call after a failed submit: the answer was used up. */
  reset(): void;
}

/**
 * The captcha of the sign-up, sign-in and reset forms, shown only when `GET /v2/auth/captcha`
 * says the server has one; its script is loaded from the provider only then.
 */
export function useCaptcha(): Captcha {
  const { data: settings } = useQuery(authQueries.captcha());
  const [challenge, setChallenge] = useState<string | undefined>();
  const [resetKey, setResetKey] = useState(0);
  const reset = useCallback(() => setResetKey((key) => key + 1), []);
  const provider = settings?.provider ?? null;
  const siteKey = settings?.site_key ?? null;
  const required = provider !== null && siteKey !== null;
  return {
    required,
    challenge,
    reset,
    element: required ? <CaptchaWidget provider={provider} siteKey={siteKey} onToken={setChallenge} resetKey={resetKey} /> : null,
  };
}
