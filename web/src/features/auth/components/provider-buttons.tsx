import type { AuthProvider } from '@cairn/shared/schemas/auth';
import { env } from '../../../config/env';
import { buttonClassName } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import authCard from '../../../components/layout/auth-card.module.css';
import styles from './provider-buttons.module.css';

/** The API page that starts signing in with `provider` and comes back to `returnUrl` (on this site). */
export function providerSignInUrl(provider: string, returnUrl: string): string {
  const query = new URLSearchParams({ provider, url: returnUrl });
  return `${env.apiUrl}/v2/auth/init?${query.toString()}`;
}

/**
 * "Sign in with …" for each third-party provider the server has enabled; nothing when none is.
 * They are plain links: the browser leaves for the provider and comes back to `returnUrl`.
 */
export function ProviderButtons({ providers, returnUrl, heading }: { providers: readonly AuthProvider[]; returnUrl: string; heading: string }) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <section aria-label={heading}>
      <h2 className={authCard.subheading}>{heading}</h2>
      <div className={styles.list}>
        {providers.map((provider) => (
          <a key={provider.id} className={buttonClassName({ variant: 'outlined' })} href={providerSignInUrl(provider.id, returnUrl)}>
            {provider.name}
          </a>
        ))}
      </div>
      <p className={authCard.divider}>
        <span>{t('account.signIn.orPassword')}</span>
      </p>
    </section>
  );
}
