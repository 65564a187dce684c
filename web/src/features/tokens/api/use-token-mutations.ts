import type { CreatedPat, Pat } from '@cairn/shared/schemas/pats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createPat, deletePat, editPat, patQueries } from './tokens-queries';

export interface PatInput {
  name: string;
  scopes: number;
  /** ISO date; undefined keeps an edited token's expiry. */
  expires: string | undefined;
}

/**
 * Creates a token (no `pat`; answers it with its secret) or saves the changed fields of `pat`
 * (answers undefined). The token list is refetched either way.
 */
export function useSavePat(pat: Pat | undefined, callbacks: MutationCallbacks<CreatedPat | undefined, PatInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, scopes, expires }: PatInput) => {
      if (!pat) return createPat({ name, scopes, expires: expires! });
      await editPat(pat.id, { name: name === pat.name ? undefined : name, scopes: scopes === pat.scopes ? undefined : scopes, expires });
      return undefined;
    },
    onSuccess: async (created, input) => {
      await queryClient.invalidateQueries({ queryKey: patQueries.all() });
      await callbacks.onSuccess?.(created, input);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

export function useRevokePat(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePat(id),
    onSuccess: async (data, id) => {
      await queryClient.invalidateQueries({ queryKey: patQueries.all() });
      await callbacks.onSuccess?.(data, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
