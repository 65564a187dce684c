import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';
import { createReportLoader, ReportWithThread } from '../report-thread';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async (args) => {
    await requireStaff(queryClient);
    return createReportLoader(queryClient)(args);
  };

/** `/moderation/report/{id}` (staff): the report, its thread, replies (public or private), close and reopen. */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  useHead({ title: t('reports.details.pageTitle'), noindex: true });
  return (
    <>
      <nav aria-label={t('reports.breadcrumb')}>
        <AppLink to={paths.moderation.reports.getHref()}>{t('reports.moderation.title')}</AppLink>
      </nav>
      <ReportWithThread reportId={id} />
    </>
  );
}
