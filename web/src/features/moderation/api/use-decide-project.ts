import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

const ThreadIdSchema = z.object({ thread_id: z.string() });

/**
 * Posts the reply in the project's conversation thread, where the team reads it (the API hides
 * the moderator's name from them and notifies them).
 */
export async function sendReviewMessage(decision: ProjectDecision): Promise<void> {
  if (!decision.message?.trim()) return;
  const { thread_id: threadId } = await apiFetch(`/v2/project/${encodeURIComponent(decision.projectId)}`, { schema: ThreadIdSchema });
  await apiFetch(`/v2/thread/${encodeURIComponent(threadId)}`, {
    method: 'POST',
    body: { body: { type: 'text', body: decision.message } },
    schema: z.unknown(),
  });
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
