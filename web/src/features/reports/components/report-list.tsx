import type { Report } from '@cairn/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { reportQueries } from '../api/reports-queries';
import { reasonLabel } from '../utils/reasons';
import styles from './reports.module.css';

interface ReportListProps {
  reports: readonly Report[];
  /** The page of one report (the dashboard's or the moderators'). */
  hrefOf: (report: Report) => string;
  /** Moderators see who reported. */
  showReporter?: boolean;
}

/** Open reports, oldest first as the API gives them. */
export function ReportList({ reports, hrefOf, showReporter = false }: ReportListProps) {
  const t = useT();
  if (reports.length === 0) return <EmptyState framed>{t('reports.list.empty')}</EmptyState>;
  return (
    <ul className={styles.list}>
      {reports.map((report) => (
        <li key={report.id} className={styles.row}>
          <div>
            <AppLink to={hrefOf(report)} className={styles.rowTitle}>
              <ItemName type={report.item_type} id={report.item_id} />
            </AppLink>
            <div className={styles.muted}>
              {t('reports.list.reportedFor', { reason: reasonLabel(t, report.report_type) })}
              {showReporter && (
                <>
                  {' · '}
                  {t('reports.list.reportedBy')}{' '}
                  <ItemName type="user" id={report.reporter} bare />
                </>
              )}
            </div>
          </div>
          <div className={styles.muted}>
            {report.closed && <span className={styles.closedLabel}>{t('reports.closed')} · </span>}
            <RelativeTime date={report.created} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Project Some name" (or the id while loading, or when the item is gone). */
export function ItemName({ type, id, bare = false }: { type: Report['item_type']; id: string; bare?: boolean }) {
  const t = useT();
  const { data } = useQuery(reportQueries.item(type, id));
  const name = data?.name ?? id;
  return <>{bare ? name : t('reports.itemLabel', { type: t(`reports.itemType.${type}`), name })}</>;
}
