import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { serverPaths } from '../../../config/server-paths';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './servers-marketing.module.css';

const FEATURES = ['console', 'backups', 'content', 'files'] as const;
const STEPS = ['choose', 'name', 'play'] as const;
const QUESTIONS = ['versions', 'cancel', 'upgrade', 'backups', 'limits'] as const;

interface ServersMarketingProps {
  /** The plans section (`#plan`). */
  plans: ReactNode;
  /** The visitor already has servers: offer the way to them. */
  showManage: boolean;
}

/** `/servers`: what a hosted server gives, how buying one works, questions, and the plans. */
export function ServersMarketing({ plans, showManage }: ServersMarketingProps) {
  const t = useT();
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('servers.marketing.title')}</h1>
        <p className={styles.lede}>{t('servers.marketing.lede')}</p>
        <div className={styles.actions}>
          <ButtonLink to={serverPaths.plans()} color="brand">
            {t('servers.marketing.findPlan')}
          </ButtonLink>
          {showManage && <ButtonLink to={serverPaths.manage()}>{t('servers.marketing.manage')}</ButtonLink>}
        </div>
      </header>
      <section aria-labelledby="servers-features" className={styles.section}>
        <h2 id="servers-features">{t('servers.marketing.featuresTitle')}</h2>
        <ul className={styles.grid}>
          {FEATURES.map((feature) => (
            <li key={feature} className={styles.block}>
              <h3 className={styles.blockTitle}>{t(`servers.marketing.feature.${feature}.title` as MessageId)}</h3>
              <p>{t(`servers.marketing.feature.${feature}.text` as MessageId)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="servers-steps" className={styles.section}>
        <h2 id="servers-steps">{t('servers.marketing.stepsTitle')}</h2>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step}>{t(`servers.marketing.step.${step}` as MessageId)}</li>
          ))}
        </ol>
      </section>
      {plans}
      <section aria-labelledby="servers-faq" className={styles.section}>
        <h2 id="servers-faq">{t('servers.marketing.faqTitle')}</h2>
        {QUESTIONS.map((question) => (
          <details key={question} className={styles.question}>
            <summary>{t(`servers.marketing.faq.${question}.q` as MessageId)}</summary>
            <p>{t(`servers.marketing.faq.${question}.a` as MessageId)}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
