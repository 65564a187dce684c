import { useParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { createReportLoader, ReportWithThread } from '../report-thread';

export const createLoader = createReportLoader;

/** `/dashboard/report/{id}`: the reporter's view of a report and its conversation with moderators. */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  useHead({ title: t('reports.details.pageTitle'), noindex: true });
  return (
    <>
      <nav aria-label={t('reports.breadcrumb')}>
        <AppLink to={paths.dashboard.reports.getHref()}>{t('reports.dashboard.title')}</AppLink>
      </nav>
      <ReportWithThread reportId={id} />
    </>
  );
}
