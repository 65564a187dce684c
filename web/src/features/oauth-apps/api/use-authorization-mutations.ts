import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { acceptOAuthFlow, oauthQueries, rejectOAuthFlow, revokeOAuthAuthorization } from './oauth-queries';

/** Takes back an app's authorization and refetches the list of authorized apps. */
export function useRevokeAuthorization(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => revokeOAuthAuthorization(clientId),
    onSuccess: async (data, clientId) => {
      await queryClient.invalidateQueries({ queryKey: oauthQueries.authorizations().queryKey });
      await callbacks.onSuccess?.(data, clientId);
    },
    onError: (error, clientId) => callbacks.onError?.(error, clientId),
  });
}

/** Accepts (true) or rejects (false) a consent flow; answers the API's body, which names the redirect. */
export function useAnswerConsent(flowId: string, callbacks: MutationCallbacks<unknown, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) => (accept ? acceptOAuthFlow(flowId) : rejectOAuthFlow(flowId)),
    onSuccess: (body, accept) => {
      // The flow is used up either way; a later visit asks the API afresh.
      queryClient.removeQueries({ queryKey: oauthQueries.authorizeAll() });
      return callbacks.onSuccess?.(body, accept);
    },
    onError: (error, accept) => callbacks.onError?.(error, accept),
  });
}
