import { ButtonLink } from '../../../components/ui/button';
import { ExternalLink } from '../../../components/ui/external-link';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './app-overview.module.css';
import { AppWindowArt } from './app-window-art';

const FEATURES: ReadonlyArray<[title: MessageId, text: MessageId]> = [
  ['site.app.instances', 'site.app.instancesText'],
  ['site.app.library', 'site.app.libraryText'],
  ['site.app.content', 'site.app.contentText'],
  ['site.app.worlds', 'site.app.worldsText'],
  ['site.app.quickPlay', 'site.app.quickPlayText'],
  ['site.app.friends', 'site.app.friendsText'],
];

const PLATFORMS: readonly MessageId[] = ['site.app.platformWindows', 'site.app.platformMac', 'site.app.platformLinux'];

/** `/app`: what the companion app does, how it uses Cairn, and (honestly) where to get it. */
export function AppOverview() {
  const t = useT();
  const apiDocs = `${env.apiUrl || window.location.origin}/v2/docs`;
  return (
    <>
      <section className={styles.hero} aria-labelledby="app-title">
        <div>
          <h1 id="app-title" className={styles.title}>
            {t('site.app.heading')}
          </h1>
          <p className={styles.lead}>{t('site.app.lead')}</p>
        </div>
        <AppWindowArt className={styles.art} />
      </section>

      <section className={styles.section} aria-labelledby="app-features">
        <h2 id="app-features" className={styles.sectionTitle}>
          {t('site.app.featuresTitle')}
        </h2>
        <ul className={styles.features}>
          {FEATURES.map(([title, text]) => (
            <li key={title} className={styles.feature}>
              <h3>{t(title)}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.prose}`} aria-labelledby="app-how">
        <h2 id="app-how" className={styles.sectionTitle}>
          {t('site.app.howTitle')}
        </h2>
        <p>{t('site.app.howSignIn')}</p>
        <p>{t('site.app.howApi')}</p>
        <p>
          <ExternalLink href={apiDocs}>{t('site.app.apiDocs')}</ExternalLink>
        </p>
      </section>

      <section className={`${styles.section} ${styles.prose}`} aria-labelledby="app-downloads">
        <h2 id="app-downloads" className={styles.sectionTitle}>
          {t('site.app.downloadsTitle')}
        </h2>
        <p>{t('site.app.downloadsText')}</p>
        <h3>{t('site.app.platforms')}</h3>
        <ul className={styles.platforms}>
          {PLATFORMS.map((platform) => (
            <li key={platform} className={styles.platform}>
              <span>{t(platform)}</span>
              <span className={styles.status}>{t('site.app.notYet')}</span>
            </li>
          ))}
        </ul>
        <ButtonLink to={`${paths.changelog.getHref()}?filter=app`} variant="outlined">
          {t('site.app.changelogLink')}
        </ButtonLink>
        <p className={styles.note}>{t('site.app.hidePromos')}</p>
      </section>
    </>
  );
}
