import type { Report } from '@cairn/shared/schemas/reports';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ReportDetails } from '../../features/reports/components/report-details';
import { reportQueries } from '../../features/reports/api/reports-queries';
import { ConversationThread } from '../../features/threads/components/conversation-thread';
import { threadQueries } from '../../features/threads/api/threads-queries';
import type { ReplyActions } from '../../features/threads/components/reply-box';
import { FormAlert } from '../../components/ui/form';
import { currentUserQuery } from '../../lib/auth';
import { useT } from '../../lib/i18n/i18n-provider';
import { isStaff } from '../../lib/staff-guard';
import { CloseWithReply } from './close-with-reply';
import styles from './report-thread.module.css';

/** Loads a report and its thread (a report the caller may not see answers 404 here). */
export const createReportLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    const report = await queryClient.ensureQueryData(reportQueries.detail(params.id ?? ''));
    await Promise.all([queryClient.ensureQueryData(threadQueries.detail(report.thread_id)), queryClient.ensureQueryData(currentUserQuery())]);
    return null;
  };

/** A report and its conversation: the reporter's view on the dashboard, the moderators' under /moderation. */
export function ReportWithThread({ reportId }: { reportId: string }) {
  const t = useT();
  const { data: report } = useSuspenseQuery(reportQueries.detail(reportId));
  const { data: user } = useSuspenseQuery(currentUserQuery());
  if (!user) return null;
  const staff = isStaff(user?.role);
  return (
    <div className={styles.page}>
      <ReportDetails report={report} staff={staff} />
      <section className={styles.messages} aria-label={t('reports.details.messages')}>
        <h2 className={styles.heading}>{t('reports.details.messages')}</h2>
        <ReportThread report={report} staff={staff} />
      </section>
    </div>
  );
}

function ReportThread({ report, staff }: { report: Report; staff: boolean }) {
  const t = useT();
  const { data: thread } = useSuspenseQuery(threadQueries.detail(report.thread_id));
  const { data: user } = useSuspenseQuery(currentUserQuery());
  if (!user) return null;
  const closedNotice = report.closed && !staff ? <FormAlert tone="info">{t('reports.details.closedNotice')}</FormAlert> : undefined;
  const replyActions: ReplyActions | undefined =
    staff && !report.closed ? ({ draft, clear }) => <CloseWithReply report={report} draft={draft} clear={clear} /> : undefined;
  return <ConversationThread thread={thread} viewer={user} staff={staff} closedNotice={closedNotice} replyActions={replyActions} />;
}
