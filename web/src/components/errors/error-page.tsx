import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRevalidator } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { cx } from '../../lib/class-names';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';
import type { MessageId } from '../../lib/i18n/catalogs';
import { Button, ButtonLink } from '../ui/button';
import { ExternalLink } from '../ui/external-link';
import { notFoundKind, notFoundKindOf, toErrorInfo, type NotFoundKind } from './error-info';
import styles from './error-page.module.css';
import { RateLimitText, rateLimitOf } from './rate-limit-text';
import type * as Illustrations from './illustrations';

interface ErrorPageProps {
  error: unknown;
  pathname: string;
  /** Offer "Try again" (re-runs the route loaders); not for 404s. */
  canRetry?: boolean;
}

/** The page for any failed route: path-specific 404s, or "Uh oh!" with the status and message. */
export function ErrorPage({ error, pathname, canRetry = true }: ErrorPageProps) {
  const info = toErrorInfo(error);
  if (info.statusCode === 404) return <NotFound kind={notFoundKindOf(error) ?? notFoundKind(pathname)} pathname={pathname} />;
  return <GenericError statusCode={info.statusCode} message={info.message} canRetry={canRetry} rateLimit={rateLimitOf(error)} />;
}

/** Error pages announce themselves: focus goes to the heading when they appear. */
function useFocusOnMount() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

const NOT_FOUND_TEXT: Record<Exclude<NotFoundKind, 'page'>, { title: MessageId; reasons: [MessageId, MessageId, MessageId] }> = {
  project: {
    title: 'errors.notFound.project.title',
    reasons: ['errors.notFound.project.reason1', 'errors.notFound.project.reason2', 'errors.notFound.project.reason3'],
  },
  version: {
    title: 'errors.notFound.version.title',
    reasons: ['errors.notFound.version.reason1', 'errors.notFound.version.reason2', 'errors.notFound.version.reason3'],
  },
  user: {
    title: 'errors.notFound.user.title',
    reasons: ['errors.notFound.user.reason1', 'errors.notFound.user.reason2', 'errors.notFound.user.reason3'],
  },
  organization: {
    title: 'errors.notFound.organization.title',
    reasons: ['errors.notFound.organization.reason1', 'errors.notFound.organization.reason2', 'errors.notFound.organization.reason3'],
  },
  collection: {
    title: 'errors.notFound.collection.title',
    reasons: ['errors.notFound.collection.reason1', 'errors.notFound.collection.reason2', 'errors.notFound.collection.reason3'],
  },
};

function termsLink(chunks: ReactNode) {
  return (
    <ExternalLink href={paths.legal.getHref('terms')} newTab>
      {chunks}
    </ExternalLink>
  );
}

type IllustrationName = keyof typeof Illustrations;

/**
 * The decorative graphic, loaded on demand so every page's first download does not carry it.
 * Its box keeps the size meanwhile; if it cannot load (offline), the page simply goes without.
 */
function Illustration({ name, className }: { name: IllustrationName; className: string | undefined }) {
  const [Graphic, setGraphic] = useState<ComponentType<Illustrations.IllustrationProps> | null>(null);
  useEffect(() => {
    let active = true;
    import('./illustrations').then(
      (module) => active && setGraphic(() => module[name]),
      () => {},
    );
    return () => {
      active = false;
    };
  }, [name]);
  if (Graphic) return <Graphic className={className} data-illustration={name} />;
  return <span className={cx(className, name === 'NotFoundIllustration' ? styles.wide : styles.square)} data-illustration={name} aria-hidden="true" />;
}

function NotFound({ kind, pathname }: { kind: NotFoundKind; pathname: string }) {
  const t = useT();
  const headingRef = useFocusOnMount();
  const headingId = useId();
  const text = kind === 'page' ? undefined : NOT_FOUND_TEXT[kind];
  const reasonsId = useId();
  const title = t(text ? text.title : 'errors.notFound.page.title');
  useHead({ title, noindex: true });
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <Illustration name="NotFoundIllustration" className={cx(styles.graphic, styles.large)} />
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {text ? (
        <>
          <p id={reasonsId}>{t('errors.notFound.reasonsIntro')}</p>
          <ul className={styles.reasons} aria-labelledby={reasonsId}>
            {text.reasons.map((reason) => (
              <li key={reason}>
                <FormattedMessage id={reason} values={{ terms: termsLink }} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className={styles.path}>
            <code>{pathname}</code>
          </p>
          <p>{t('errors.notFound.page.subtitle')}</p>
        </>
      )}
      <div className={styles.actions}>
        <ButtonLink to={paths.home.getHref()} color="brand">
          {t('errors.goHome')}
        </ButtonLink>
      </div>
    </section>
  );
}

interface GenericErrorProps {
  statusCode: number;
  message: string | undefined;
  canRetry: boolean;
  rateLimit: { retryAfterSeconds: number | undefined } | undefined;
}

function GenericError({ statusCode, message, canRetry, rateLimit }: GenericErrorProps) {
  const t = useT();
  const headingRef = useFocusOnMount();
  const headingId = useId();
  const revalidator = useRevalidator();
  useHead({ title: t('errors.generic.title'), noindex: true });
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <Illustration name="SadRobotIllustration" className={styles.graphic} />
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('errors.generic.title')}
      </h1>
      <p className={styles.lede}>{rateLimit ? t('errors.rateLimited.title') : t('errors.generic.subtitle')}</p>
      <p>{rateLimit ? <RateLimitText retryAfterSeconds={rateLimit.retryAfterSeconds} /> : t('errors.generic.tryLater')}</p>
      {(env.statusPageUrl || env.communityChatUrl) && (
        <ul className={styles.hints}>
          {env.statusPageUrl && (
            <li>
              <FormattedMessage
                id="errors.generic.statusHint"
                values={{ link: (chunks: ReactNode) => <ExternalLink href={env.statusPageUrl!}>{chunks}</ExternalLink> }}
              />
            </li>
          )}
          {env.communityChatUrl && (
            <li>
              <FormattedMessage
                id="errors.generic.chatHint"
                values={{ link: (chunks: ReactNode) => <ExternalLink href={env.communityChatUrl!}>{chunks}</ExternalLink> }}
              />
            </li>
          )}
        </ul>
      )}
      <details className={styles.details}>
        <summary>{t('errors.details')}</summary>
        <dl>
          <dt>{t('errors.statusCode')}</dt>
          <dd>{statusCode}</dd>
          <dt>{t('errors.message')}</dt>
          <dd>{message ?? t('errors.unknown')}</dd>
        </dl>
      </details>
      <div className={styles.actions}>
        {canRetry && (
          <Button color="brand" disabled={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
            {revalidator.state === 'loading' ? t('errors.retrying') : t('errors.retry')}
          </Button>
        )}
        <ButtonLink to={paths.home.getHref()}>{t('errors.goHome')}</ButtonLink>
      </div>
    </section>
  );
}
