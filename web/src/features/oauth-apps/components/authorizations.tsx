import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { ExternalLink } from '../../../components/ui/external-link';
import { RelativeTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { oauthQueries } from '../api/oauth-queries';
import { useRevokeAuthorization } from '../api/use-authorization-mutations';
import { appOwnerQueries } from '../api/app-owner-queries';
import { AppIcon } from '../../../components/ui/app-icon';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ScopeSummary } from '../../../components/scopes/scope-summary';
import { SettingsPageHeader } from '../../../components/layout/settings-page';
import { CardActions, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import cardStyles from './app-card.module.css';

/** Apps the user has authorized: who made each, what it may do, and Revoke. */
export function AuthorizationsSettings() {
  const t = useT();
  const notifications = useNotifications();
  const { data: authorizations } = useSuspenseQuery(oauthQueries.authorizations());
  const { data: apps } = useSuspenseQuery(oauthQueries.apps(authorizations.map((grant) => grant.app_id)));
  const { data: creators } = useSuspenseQuery(appOwnerQueries.users([...new Set(apps.map((app) => app.created_by))]));
  const [revoking, setRevoking] = useState<{ id: string; name: string } | undefined>();
  const revoke = useRevokeAuthorization({
    onSuccess: () => {
      setRevoking(undefined);
      notifications.add({ type: 'success', title: t('account.authorizations.revoked') });
    },
    onError: (error) => notifications.addError(error),
  });

  const appById = new Map(apps.map((app) => [app.id, app]));
  const creatorById = new Map(creators.map((creator) => [creator.id, creator]));
  const shown = authorizations.flatMap((grant) => {
    const app = appById.get(grant.app_id);
    return app ? [{ grant, app, creator: creatorById.get(app.created_by) }] : [];
  });

  return (
    <>
      <SettingsPageHeader title={t('account.authorizations.title')} lede={t('account.authorizations.lede')} />
      {shown.length === 0 ? (
        <EmptyState framed>{t('account.authorizations.empty')}</EmptyState>
      ) : (
        <CardList>
          {shown.map(({ grant, app, creator }) => (
            <CardListItem
              key={grant.id}
              media={<AppIcon name={app.name} iconUrl={app.icon_url} />}
              actions={
                <CardActions>
                  <Button size="small" variant="outlined" color="red" onClick={() => setRevoking({ id: app.id, name: app.name })} aria-label={t('account.authorizations.revokeLabel', { name: app.name })}>
                    {t('account.authorizations.revoke')}
                  </Button>
                </CardActions>
              }
            >
              <CardTitle>{app.name}</CardTitle>
              <CardMeta>
                {creator && (
                  <>
                    <FormattedMessage id="account.authorizations.by" values={{ creator: <AppLink to={paths.user.getHref(creator.username)}>{creator.username}</AppLink> }} />
                    <span aria-hidden="true"> · </span>
                  </>
                )}
                <span>
                  {t('account.authorizations.since')} <RelativeTime date={grant.created} />
                </span>
              </CardMeta>
              {(app.description || app.url) && (
                <div className={cardStyles.about}>
                  <p className={cardStyles.aboutTitle}>{t('account.authorizations.about')}</p>
                  {app.description && <p className={cardStyles.description}>{app.description}</p>}
                  {app.url && (
                    <CardMeta>
                      <ExternalLink href={app.url}>{app.url}</ExternalLink>
                    </CardMeta>
                  )}
                </div>
              )}
              <p className={cardStyles.aboutTitle}>{t('account.authorizations.canDo')}</p>
              <ScopeSummary scopes={grant.scopes} emptyText={t('account.pats.noScopes')} />
            </CardListItem>
          ))}
        </CardList>
      )}
      <ConfirmModal
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={t('account.authorizations.revokeTitle')}
        confirmLabel={t('account.authorizations.revoke')}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        pending={revoke.isPending}
      >
        <p>{t('account.authorizations.revokeText', { name: revoking?.name ?? '' })}</p>
      </ConfirmModal>
    </>
  );
}
