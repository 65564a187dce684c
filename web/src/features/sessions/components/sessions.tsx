import type { Session } from '@cairn/shared/schemas/auth';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { sessionQueries } from '../api/sessions-queries';
import { useRevokeSession } from '../api/use-revoke-session';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SettingsPageHeader } from '../../../components/layout/settings-page';
import { CardList, CardListItem, CardMeta } from '../../../components/ui/card-list';
import styles from './sessions.module.css';

/** "Windows ⋅ Firefox ⋅ 203.0.113.5": what is known of where a session signed in. */
function describe(session: Session, unknown: string): string {
  return [session.os, session.platform, session.ip].filter(Boolean).join(' ⋅ ') || unknown;
}

/** Every signed-in session of the account; any but this one can be signed out from here. */
export function SessionsSettings() {
  const t = useT();
  const notifications = useNotifications();
  const { data: sessions } = useSuspenseQuery(sessionQueries.list());
  const [revoking, setRevoking] = useState<Session | undefined>();
  const revoke = useRevokeSession({
    onSuccess: () => {
      setRevoking(undefined);
      notifications.add({ type: 'success', title: t('account.sessions.revoked') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <>
      <SettingsPageHeader title={t('account.sessions.title')} lede={t('account.sessions.lede')} />
      <CardList>
        {sessions.map((session) => {
          const where = [session.city, session.country].filter(Boolean).join(', ');
          return (
            <CardListItem
              key={session.id}
              centered
              actions={
                session.current ? (
                  <span className={styles.current}>{t('account.sessions.current')}</span>
                ) : (
                  <Button size="small" variant="outlined" color="red" onClick={() => setRevoking(session)}>
                    {t('account.sessions.revoke')}
                  </Button>
                )
              }
            >
              <p className={styles.device}>{describe(session, t('account.sessions.unknownDevice'))}</p>
              {where && <CardMeta>{where}</CardMeta>}
              <CardMeta spread>
                <span>
                  {t('account.sessions.lastAccessed')} <RelativeTime date={session.last_login} />
                </span>
                <span>
                  {t('account.sessions.created')} <RelativeTime date={session.created} />
                </span>
              </CardMeta>
            </CardListItem>
          );
        })}
      </CardList>
      <ConfirmModal
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={t('account.sessions.confirmTitle')}
        confirmLabel={t('account.sessions.revoke')}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        pending={revoke.isPending}
      >
        <p>{t('account.sessions.confirmText', { device: revoking ? describe(revoking, t('account.sessions.unknownDevice')) : '' })}</p>
      </ConfirmModal>
    </>
  );
}
