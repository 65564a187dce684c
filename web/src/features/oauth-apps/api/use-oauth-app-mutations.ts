import type { CreateOAuthClientBody, CreatedOAuthClient, OAuthClient } from '@cairn/shared/schemas/oauth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { changeOAuthAppIcon, createOAuthApp, deleteOAuthApp, deleteOAuthAppIcon, editOAuthApp, oauthQueries } from './oauth-queries';

export interface OAuthAppInput {
  body: CreateOAuthClientBody;
  /** A new icon, 'remove' to drop the current one, undefined to keep it. */
  icon: { file: File; ext: string } | 'remove' | undefined;
}

/**
 * Registers an app (no `app`; answers it with its client secret) or saves `app`, then sets or
 * removes its icon. Every app query is refetched: lists, consent pages and authorizations show
 * the same apps.
 */
export function useSaveOAuthApp(app: OAuthClient | undefined, callbacks: MutationCallbacks<CreatedOAuthClient | undefined, OAuthAppInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, icon }: OAuthAppInput) => {
      let created: CreatedOAuthClient | undefined;
      let id: string;
      if (app) {
        await editOAuthApp(app.id, body);
        id = app.id;
      } else {
        created = await createOAuthApp(body);
        id = created.id;
      }
      if (icon === 'remove') await deleteOAuthAppIcon(id);
      else if (icon) await changeOAuthAppIcon(id, icon.file, icon.ext);
      return created;
    },
    onSuccess: async (created, input) => {
      await queryClient.invalidateQueries({ queryKey: oauthQueries.all() });
      await callbacks.onSuccess?.(created, input);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

export function useDeleteOAuthApp(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOAuthApp(id),
    onSuccess: async (data, id) => {
      await queryClient.invalidateQueries({ queryKey: oauthQueries.all() });
      await callbacks.onSuccess?.(data, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
