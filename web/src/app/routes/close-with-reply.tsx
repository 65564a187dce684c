import type { Report } from '@cairn/shared/schemas/reports';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n/i18n-provider';
import { useNotifications } from '../../lib/notifications-provider';
import { useSetReportClosed } from '../../features/reports/api/use-report-mutations';
import { useSendMessage } from '../../features/threads/api/use-thread-mutations';

/**
 * A moderator's "Close with reply": the reply goes to the report's thread first (closed threads
 * refuse the reporter, not moderators, but the reply belongs before the closure line), then the
 * report is closed. Shown beside the reply box of an open report.
 */
export function CloseWithReply({ report, draft, clear }: { report: Report; draft: string; clear: () => void }) {
  const t = useT();
  const notifications = useNotifications();
  const send = useSendMessage(report.thread_id);
  const close = useSetReportClosed(report.id);
  const pending = send.isPending || close.isPending;
  const submit = async () => {
    try {
      await send.mutateAsync({ body: draft, private: false });
      await close.mutateAsync(true);
      clear();
      notifications.add({ type: 'success', title: t('reports.details.closedWithReplyToast') });
    } catch (error) {
      notifications.addError(error);
    }
  };
  return (
    <Button color="red" variant="outlined" disabled={draft.trim() === '' || pending} onClick={() => void submit()}>
      {t('reports.details.closeWithReply')}
    </Button>
  );
}
