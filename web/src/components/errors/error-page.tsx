import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRevalidator } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';
import type { MessageId } from '../../lib/i18n/catalogs';
import { Button, ButtonLink } from '../ui/button';
import { ExternalLink } from '../ui/external-link';
import { notFoundKind, toErrorInfo, type NotFoundKind } from './error-info';
import { NotFoundIllustration, SadRobotIllustration } from './illustrations';

interface ErrorPageProps {
  error: unknown;
  pathname: string;
  /** Offer "Try again" (re-runs the route loaders); not for 404s. */
  canRetry?: boolean;
}

/** The page for any failed route: path-specific 404s, or "Uh oh!" with the status and message. */
export function ErrorPage({ error, pathname, canRetry = true }: ErrorPageProps) {
  const info = toErrorInfo(error);
  if (info.statusCode === 404) return <NotFound kind={notFoundKind(pathname)} pathname={pathname} />;
  return <GenericError statusCode={info.statusCode} message={info.message} canRetry={canRetry} />;
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

function NotFound({ kind, pathname }: { kind: NotFoundKind; pathname: string }) {
  const t = useT();
  const headingRef = useFocusOnMount();
  const headingId = useId();
  const text = kind === 'page' ? undefined : NOT_FOUND_TEXT[kind];
  const title = t(text ? text.title : 'errors.notFound.page.title');
  useHead({ title, noindex: true });
  return (
    <section className="error-page error-page--not-found" aria-labelledby={headingId}>
      <NotFoundIllustration className="error-page__graphic error-page__graphic--large" />
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {text ? (
        <>
          <p>{t('errors.notFound.reasonsIntro')}</p>
          <ul className="error-page__reasons">
            {text.reasons.map((reason) => (
              <li key={reason}>
                <FormattedMessage id={reason} values={{ terms: termsLink }} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="error-page__path">
            <code>{pathname}</code>
          </p>
          <p>{t('errors.notFound.page.subtitle')}</p>
        </>
      )}
      <div className="error-page__actions">
        <ButtonLink to={paths.home.getHref()} color="brand">
          {t('errors.goHome')}
        </ButtonLink>
      </div>
    </section>
  );
}

function GenericError({ statusCode, message, canRetry }: { statusCode: number; message: string | undefined; canRetry: boolean }) {
  const t = useT();
  const headingRef = useFocusOnMount();
  const headingId = useId();
  const revalidator = useRevalidator();
  useHead({ title: t('errors.generic.title'), noindex: true });
  return (
    <section className="error-page" aria-labelledby={headingId}>
      <SadRobotIllustration className="error-page__graphic" />
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('errors.generic.title')}
      </h1>
      <p className="error-page__lede">{t('errors.generic.subtitle')}</p>
      <p>{t('errors.generic.tryLater')}</p>
      {(env.statusPageUrl || env.communityChatUrl) && (
        <ul className="error-page__hints">
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
      <details className="error-page__details">
        <summary>{t('errors.details')}</summary>
        <dl>
          <dt>{t('errors.statusCode')}</dt>
          <dd>{statusCode}</dd>
          <dt>{t('errors.message')}</dt>
          <dd>{message ?? t('errors.unknown')}</dd>
        </dl>
      </details>
      <div className="error-page__actions">
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
