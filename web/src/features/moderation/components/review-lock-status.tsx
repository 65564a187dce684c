import type { TakeLockResult } from '@cairn/shared/schemas/moderation';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Who holds the review lock; admins may take over another moderator's. */
export function ReviewLockStatus({ lock, isAdmin, onOverride, pending }: { lock: TakeLockResult; isAdmin: boolean; onOverride: () => void; pending: boolean }) {
  const t = useT();
  if (lock.success) return <p role="status">{t('moderation.lock.own', { time: time(lock.expires_at) })}</p>;
  return (
    <Banner
      tone="warning"
      framed
      title={t('moderation.lock.other', { username: lock.locked_by.username, time: time(lock.expires_at) })}
      actions={
        isAdmin ? (
          <Button size="small" color="orange" onClick={onOverride} disabled={pending}>
            {t('moderation.lock.override')}
          </Button>
        ) : undefined
      }
    />
  );
}
