import type { Report } from '@cairn/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { reportQueries } from '../api/reports-queries';
import { useSetReportClosed } from '../api/use-report-mutations';
import { itemHref } from '../utils/item-href';
import { reasonLabel } from '../utils/reasons';
import { ItemName } from './report-list';
import styles from './reports.module.css';

/** A report's facts and text; moderators also close or reopen it here. */
export function ReportDetails({ report, staff }: { report: Report; staff: boolean }) {
  const t = useT();
  const headingId = useId();
  const notifications = useNotifications();
  const { data: item } = useQuery(reportQueries.item(report.item_type, report.item_id));
  const setClosed = useSetReportClosed(report.id, {
    onSuccess: (_data, closed) => notifications.add({ type: 'success', title: t(closed ? 'reports.details.closedToast' : 'reports.details.reopenedToast') }),
    onError: (error) => notifications.addError(error),
  });
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      {/* The page's title: the report page has no other heading above it. */}
      <h1 id={headingId} className={styles.subheading}>
        {t('reports.details.title')}
      </h1>
      <dl className={styles.details}>
        <dt>{t('reports.details.item')}</dt>
        <dd>
          <AppLink to={itemHref({ type: report.item_type, id: report.item_id, projectId: item?.projectId })}>
            <ItemName type={report.item_type} id={report.item_id} />
          </AppLink>
        </dd>
        <dt>{t('reports.details.reason')}</dt>
        <dd>{reasonLabel(t, report.report_type)}</dd>
        <dt>{t('reports.details.reporter')}</dt>
        <dd>
          <ItemName type="user" id={report.reporter} bare />
        </dd>
        <dt>{t('reports.details.created')}</dt>
        <dd>
          <RelativeTime date={report.created} />
        </dd>
        <dt>{t('reports.details.status')}</dt>
        <dd>{report.closed ? t('reports.closed') : t('reports.open')}</dd>
      </dl>
      <Suspense fallback={<p>{report.body}</p>}>
        <Markdown source={report.body} />
      </Suspense>
      {staff && (
        <div className={styles.actions}>
          <Button color={report.closed ? 'standard' : 'red'} variant="outlined" disabled={setClosed.isPending} onClick={() => setClosed.mutate(!report.closed)}>
            {report.closed ? t('reports.details.reopen') : t('reports.details.close')}
          </Button>
        </div>
      )}
    </section>
  );
}
