import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { BillingIntervalSchema } from './billing.js';
import { NewServerOptionsSchema } from './servers.js';

// Request bodies of /v2/billing that only the API parses. Kept apart from billing.ts, whose
// response shapes the website parses, so the site's bundle does not carry what only these use.

/** POST /billing/payment: pay for a new subscription/one-time product, or retry an existing charge. */
export const CreatePaymentBodySchema = z
  .object({
    /** A saved payment method id. */
    payment_method_id: z.string().min(1).max(255),
    charge: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('new'),
        product_id: Base62IdSchema,
        interval: BillingIntervalSchema.optional(),
        /** ISO 4217; defaults to USD, falls back to USD when the product has no such price. */
        currency: z.string().length(3).optional(),
        /** Required for server plans (`pyro` products), refused for others. */
        server: NewServerOptionsSchema.optional(),
      }),
      z.object({ type: z.literal('existing'), id: Base62IdSchema }),
    ]),
  })
  .strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/** POST /billing/charge/{id}/refund (admin). */
export const RefundBodySchema = z
  .object({
    amount: z.discriminatedUnion('type', [
      z.object({ type: z.literal('full') }),
      z.object({ type: z.literal('partial'), amount: z.number().int().min(1) }),
      z.object({ type: z.literal('none') }),
    ]),
    /** Also end the subscription's perks now. */
    unprovision: z.boolean().default(false),
  })
  .strict();
export type RefundBody = z.input<typeof RefundBodySchema>;

