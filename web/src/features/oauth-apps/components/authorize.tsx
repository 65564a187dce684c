import type { OAuthConsentFlow } from '@cairn/shared/schemas/oauth';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { HttpError } from '../../../lib/api-client';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { oauthQueries } from '../api/oauth-queries';
import { useAnswerConsent } from '../api/use-authorization-mutations';
import { appOwnerQueries } from '../api/app-owner-queries';
import { ScopeSummary } from '../../../components/scopes/scope-summary';
import { AppIcon } from '../../../components/ui/app-icon';
import { AuthCard } from '../../../components/layout/auth-card';
import authCard from '../../../components/layout/auth-card.module.css';
import styles from './authorize.module.css';

/** The OAuth parameters the app put in the URL, passed on to the API as they are. */
const AUTHORIZE_PARAMS = ['client_id', 'redirect_uri', 'scope', 'state', 'response_type', 'code_challenge', 'code_challenge_method'] as const;

export function authorizeQueryFrom(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of AUTHORIZE_PARAMS) {
    const value = search.get(key);
    if (value !== null) query[key] = value;
  }
  return query;
}

/** The address the browser goes to next: the body (a JSON string) of accept/reject. */
function redirectLocation(answer: unknown): string | undefined {
  return typeof answer === 'string' && answer !== '' ? answer : undefined;
}

function Redirecting({ url }: { url: string }) {
  const t = useT();
  useEffect(() => browserLocation.assign(url), [url]);
  return (
    <AuthCard title={t('account.authorize.redirectingTitle')}>
      <p role="status">{t('account.authorize.redirecting')}</p>
    </AuthCard>
  );
}

function Consent({ consent, onDone }: { consent: OAuthConsentFlow; onDone: (url: string) => void }) {
  const t = useT();
  const { data: app } = useQuery(oauthQueries.app(consent.client_id));
  const { data: creator } = useQuery({ ...appOwnerQueries.user(app?.created_by ?? ''), enabled: app !== undefined });
  const [error, setError] = useState<string | undefined>();

  const answer = useAnswerConsent(consent.flow_id, {
    onSuccess: (body) => {
      const location = redirectLocation(body);
      if (location) onDone(location);
      else setError(t('account.authorize.noRedirect'));
    },
    onError: (failure) => setError(failure instanceof HttpError ? failure.description : String(failure)),
  });

  const name = consent.client_name;
  const target = (() => {
    try {
      const url = new URL(consent.redirect_uri);
      return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : `${url.protocol}${url.pathname}`;
    } catch {
      return consent.redirect_uri;
    }
  })();

  return (
    <AuthCard title={t('account.authorize.title', { app: name })}>
      <div className={styles.app}>
        <AppIcon name={name} iconUrl={consent.client_icon} size="large" />
        <p className={styles.intro}>
          {creator ? (
            <FormattedMessage id="account.authorize.byCreator" values={{ app: <strong>{name}</strong>, creator: <strong>{creator.username}</strong> }} />
          ) : (
            <FormattedMessage id="account.authorize.intro" values={{ app: <strong>{name}</strong> }} />
          )}
        </p>
      </div>
      <ScopeSummary scopes={consent.requested_scopes} emptyText={t('account.authorize.noScopes')} />
      {app?.description && <p className={styles.description}>{app.description}</p>}
      <p className={styles.redirect}>
        <FormattedMessage id="account.authorize.redirectTo" values={{ url: <code>{target}</code> }} />
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      <div className={`${authCard.actions} ${authCard.split}`}>
        <Button variant="outlined" onClick={() => answer.mutate(false)} disabled={answer.isPending}>
          {t('account.authorize.decline')}
        </Button>
        <Button color="brand" onClick={() => answer.mutate(true)} disabled={answer.isPending}>
          {t('account.authorize.accept')}
        </Button>
      </div>
    </AuthCard>
  );
}

/**
 * `/auth/authorize` (sign-in required): an app asks for access. When the user granted these
 * scopes before, the API answers with the redirect at once and the page follows it.
 */
export function AuthorizePage() {
  const t = useT();
  const [params] = useSearchParams();
  const query = authorizeQueryFrom(params);
  const consent = useQuery({ ...oauthQueries.authorize(query), enabled: query.client_id !== undefined });
  const [done, setDone] = useState<string | undefined>();

  if (query.client_id === undefined) {
    return (
      <AuthCard title={t('account.authorize.errorTitle')}>
        <FormAlert>{t('account.authorize.missingClient')}</FormAlert>
      </AuthCard>
    );
  }
  if (consent.isError) {
    return (
      <AuthCard title={t('account.authorize.errorTitle')}>
        <FormAlert>{consent.error instanceof HttpError ? consent.error.description : t('account.authorize.failed')}</FormAlert>
      </AuthCard>
    );
  }
  if (consent.data === undefined) {
    return (
      <AuthCard title={t('account.authorize.loadingTitle')}>
        <p role="status">{t('account.authorize.loading')}</p>
      </AuthCard>
    );
  }
  if (done) return <Redirecting url={done} />;
  if (typeof consent.data === 'string') return <Redirecting url={consent.data} />;
  return <Consent consent={consent.data} onDone={setDone} />;
}
