import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { reportQueries } from '../../../features/reports/api/reports-queries';
import { ReportList } from '../../../features/reports/components/report-list';
import { paths } from '../../../config/paths';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(reportQueries.mine());
    return null;
  };

/** `/dashboard/reports`: the signed-in user's open reports. */
export function Component() {
  const t = useT();
  useHead({ title: t('reports.dashboard.title'), noindex: true });
  const { data: reports } = useSuspenseQuery(reportQueries.mine());
  return (
    <>
      <h1>{t('reports.dashboard.title')}</h1>
      <ReportList reports={reports} hrefOf={(report) => paths.dashboard.report.getHref(report.id)} />
    </>
  );
}
