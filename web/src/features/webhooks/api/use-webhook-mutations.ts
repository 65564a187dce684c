import type { CreatedWebhook, CreateWebhookBody, UpdateWebhookBody, WebhookDelivery, WebhookSecret } from '@cairn/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createWebhook, deleteWebhook, modifyWebhook, pingWebhook, resendWebhookDelivery, rotateWebhookSecret, type WebhookOwner } from './webhooks-api';
import { webhookQueries } from './webhooks-queries';

/** One mutation of the webhooks feature: every list and log of the domain is refreshed after it. */
function useWebhookMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, callbacks: MutationCallbacks<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: webhookQueries.all() });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}

export const useCreateWebhookMutation = (owner: WebhookOwner, callbacks: MutationCallbacks<CreatedWebhook, CreateWebhookBody> = {}) =>
  useWebhookMutation((body: CreateWebhookBody) => createWebhook(owner, body), callbacks);

export const useModifyWebhookMutation = (owner: WebhookOwner, hookId: string, callbacks: MutationCallbacks<unknown, UpdateWebhookBody> = {}) =>
  useWebhookMutation((body: UpdateWebhookBody) => modifyWebhook(owner, hookId, body), callbacks);

export const useDeleteWebhookMutation = (owner: WebhookOwner, hookId: string, callbacks: MutationCallbacks<unknown, void> = {}) =>
  useWebhookMutation(() => deleteWebhook(owner, hookId), callbacks);

export const useRotateWebhookSecretMutation = (owner: WebhookOwner, hookId: string, callbacks: MutationCallbacks<WebhookSecret, void> = {}) =>
  useWebhookMutation(() => rotateWebhookSecret(owner, hookId), callbacks);

export const usePingWebhookMutation = (owner: WebhookOwner, hookId: string, callbacks: MutationCallbacks<WebhookDelivery, void> = {}) =>
  useWebhookMutation(() => pingWebhook(owner, hookId), callbacks);

export const useResendWebhookDeliveryMutation = (owner: WebhookOwner, hookId: string, callbacks: MutationCallbacks<WebhookDelivery, string> = {}) =>
  useWebhookMutation((deliveryId: string) => resendWebhookDelivery(owner, hookId, deliveryId), callbacks);
