import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { NoContentSchema } from '../../../lib/no-content';
import { moderationQueries } from './moderation-queries';

export type ReviewDecision = 'approved' | 'rejected' | 'withheld';

export interface ProjectDecision {
  /** Project id (base62). */
  projectId: string;
  status: ReviewDecision;
  /** A short reason shown with the status (≤ 2000 characters), or null. */
  summary: string | null;
  /** The reply to the team in markdown, or null. */
  message: string | null;
}

/** `PATCH /v2/project/{id}` with the new status and the moderation message. */
const patchProjectStatus = (decision: ProjectDecision) =>
  apiFetch(`/v2/project/${encodeURIComponent(decision.projectId)}`, {
    method: 'PATCH',
    body: { status: decision.status, moderation_message: decision.summary, moderation_message_body: decision.message },
    schema: NoContentSchema,
  });

/**
 * The step that posts the reply in the project's conversation thread. Until the thread API
 * exists the moderation message fields carry the reply; replace the body of this function
 * with `POST /v2/thread/{id}` then.
 */
export async function sendReviewMessage(decision: ProjectDecision): Promise<void> {
  void decision;
}

/** Decides a review: sets the status (which releases the review lock), then sends the reply. */
export function useDecideProject(callbacks: MutationCallbacks<void, ProjectDecision> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ProjectDecision) => {
      await patchProjectStatus(decision);
      await sendReviewMessage(decision);
    },
    onSuccess: async (data, decision) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueries.all() }),
        // The project pages' own queries (the projects feature's key prefix).
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]);
      await callbacks.onSuccess?.(data, decision);
    },
    onError: (error, decision) => callbacks.onError?.(error, decision),
  });
}
