import { badRequest } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import * as repo from './billing.repository.js';
import { requireProvider, settleFailed, settleSucceeded, type CollectionDeps } from './charge-collection.js';
import { WebhookSignatureError, type ProviderEvent } from './providers/payment-provider.js';

/**
 * Applies provider webhooks. The event id is recorded in the same transaction as its effect, so a
 * replayed or concurrent duplicate delivery is acknowledged without acting twice.
 */
export function createWebhookHandler(deps: CollectionDeps) {
  const { db, clock } = deps;

  /** The charge a payment event is about: by payment id, or by the charge id and attempt it carried. */
  async function chargeOf(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], platform: string, paymentId: string, metadata: Record<string, string>) {
    const byPayment = await repo.findChargeByPayment(tx, platform, paymentId, true);
    if (byPayment) return byPayment;
    const chargeId = parseId(metadata.charge_id ?? '');
    const charge = chargeId === undefined ? undefined : await repo.findCharge(tx, chargeId, true);
    if (!charge || String(charge.attempts) !== metadata.attempt || charge.status !== 'processing') return undefined;
    await repo.updateCharge(tx, charge.id, { providerPaymentId: paymentId });
    return charge;
  }

  async function apply(event: ProviderEvent, platform: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await repo.recordWebhookEvent(tx, platform, event.id, event.type))) return;
      switch (event.type) {
        case 'payment.succeeded': {
          const charge = await chargeOf(tx, platform, event.paymentId, event.metadata);
          // Only a charge waiting for this payment is settled (never a failed or newer attempt's).
          if (charge && charge.status === 'processing') await settleSucceeded(tx, charge, clock());
          return;
        }
        case 'payment.failed': {
          const charge = await chargeOf(tx, platform, event.paymentId, event.metadata);
          if (charge && charge.status === 'processing') await settleFailed(tx, charge, event.failureCode, clock(), false, deps.mailDelivery);
          return;
        }
        case 'payment_method.attached': {
          const customer = await repo.findCustomerByProviderId(tx, platform, event.customerId);
          if (customer) await repo.updateDefaultPaymentMethod(tx, customer.userId, event.paymentMethodId, true);
          return;
        }
        default:
          // Refunds are recorded when they are made; other events need nothing.
          return;
      }
    });
  }

  return {
    async receiveWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void> {
      const provider = requireProvider(deps.provider);
      let event: ProviderEvent;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(`signature: ${error.message}`, 'invalid_signature');
        throw error;
      }
      await apply(event, provider.name);
    },
  };
}

export type WebhookHandler = ReturnType<typeof createWebhookHandler>;
