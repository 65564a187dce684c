import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { reportQueries } from '../../../features/reports/api/reports-queries';
import { ReportList } from '../../../features/reports/components/report-list';
import { paths } from '../../../config/paths';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await requireStaff(queryClient);
    await queryClient.ensureQueryData(reportQueries.open());
    return null;
  };

/** `/moderation/reports` (staff): every open report, oldest first. */
export function Component() {
  const t = useT();
  useHead({ title: t('reports.moderation.title'), noindex: true });
  const { data: reports } = useSuspenseQuery(reportQueries.open());
  return (
    <>
      <h1>{t('reports.moderation.title')}</h1>
      {reports.length > 0 && <p>{t('reports.moderation.count', { count: reports.length })}</p>}
      <ReportList reports={reports} hrefOf={(report) => paths.moderation.report.getHref(report.id)} showReporter />
    </>
  );
}
