import type { ActiveServerNotice, ServerNoticeLevel } from '@cairn/shared/schemas/server-notices';
import { useQuery } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { ExternalLink } from '../../../components/ui/external-link';
import { useT } from '../../../lib/i18n/i18n-provider';
import { activeNoticeQueries } from '../api/active-notices-queries';
import { useDismissServerNotice } from '../api/use-server-mutations';
import styles from './server-notices-bar.module.css';

const TONES: Record<ServerNoticeLevel, 'info' | 'warning' | 'error'> = { info: 'info', survey: 'info', warning: 'warning', critical: 'error' };

/** The staff notices shown on this server's panel now, above its tabs; dismissable ones can be hidden for the server. */
export function ServerNoticesBar({ serverId }: { serverId: string }) {
  const t = useT();
  const { data: notices = [] } = useQuery(activeNoticeQueries.active(serverId));
  const dismiss = useDismissServerNotice(serverId);
  if (notices.length === 0) return null;
  const title = (notice: ActiveServerNotice) => notice.title ?? t(`servers.notices.level.${notice.level}`);
  return (
    <section className={styles.notices} aria-label={t('servers.notices.region')}>
      {notices.map((notice) => (
        <Banner
          key={notice.id}
          framed
          tone={TONES[notice.level]}
          title={title(notice)}
          onDismiss={notice.dismissable && !dismiss.isPending ? () => dismiss.mutate(notice.id) : undefined}
          actions={
            notice.level === 'survey' ? (
              <ExternalLink href={notice.message} newTab>
                {t('servers.notices.takeSurvey')}
              </ExternalLink>
            ) : undefined
          }
        >
          {notice.level !== 'survey' && <p className={styles.message}>{notice.message}</p>}
        </Banner>
      ))}
    </section>
  );
}
