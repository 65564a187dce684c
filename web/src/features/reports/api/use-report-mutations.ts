import type { SubmitReportBody } from '@cairn/shared/schemas/report-requests';
import type { Report } from '@cairn/shared/schemas/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { modifyReport, reportQueries, submitReport } from './reports-queries';

export function useSubmitReport(callbacks: MutationCallbacks<Report, SubmitReportBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReport,
    onSuccess: async (report, input) => {
      queryClient.setQueryData(reportQueries.detail(report.id).queryKey, report);
      await queryClient.invalidateQueries({ queryKey: reportQueries.all() });
      await callbacks.onSuccess?.(report, input);
    },
    // A refusal because of an open report changes what the lists know too.
    onError: async (error, input) => {
      await queryClient.invalidateQueries({ queryKey: [...reportQueries.all(), 'mine'] });
      await callbacks.onError?.(error, input);
    },
  });
}

/** Moderators close or reopen a report; its thread gets the closure line, hence the thread refetch. */
export function useSetReportClosed(reportId: string, callbacks: MutationCallbacks<unknown, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closed: boolean) => modifyReport(reportId, { closed }),
    onSuccess: async (data, closed) => {
      await queryClient.invalidateQueries({ queryKey: reportQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['threads'] });
      await callbacks.onSuccess?.(data, closed);
    },
    onError: callbacks.onError,
  });
}
