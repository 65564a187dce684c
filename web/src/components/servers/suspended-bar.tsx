import type { Server } from '@cairn/shared/schemas/servers';
import { serverPaths } from '../../config/server-paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { canResubscribe } from '../../lib/servers/server-display';
import { ButtonLink } from '../ui/button';
import styles from './suspended-bar.module.css';

/** Why a server is suspended, and what the customer can do about it. */
export function SuspendedBar({ server }: { server: Server }) {
  const t = useT();
  const reason = server.suspension_reason ?? 'other';
  return (
    <div className={styles.bar} role="note">
      <p className={styles.text}>{t(`servers.suspended.${reason}`)}</p>
      {canResubscribe(server) ? (
        <ButtonLink to={serverPaths.billing()} size="small" color="brand">
          {t('servers.suspended.resubscribe')}
        </ButtonLink>
      ) : (
        reason !== 'upgrading' && <p className={styles.text}>{t('servers.suspended.contactSupport')}</p>
      )}
    </div>
  );
}
