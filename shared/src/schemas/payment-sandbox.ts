import { z } from 'zod';

/**
 * Wire shapes of the payment sandbox's HTTP API (sandbox/, docs/api/billing.md "The sandbox
 * processor"): the sandbox validates every request body with these, and the API's sandbox
 * provider parses every answer and webhook event with them. Amounts are integer minor units.
 */

/** Every non-2xx answer. */
export const SandboxErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type SandboxErrorBody = z.infer<typeof SandboxErrorBodySchema>;

const Id = z.string().min(1);
/** Seconds since the epoch. */
const Timestamp = z.number().int();
const Metadata = z.record(z.string(), z.string());

// Server-to-server routes (`Authorization: Bearer <secret key>`; POSTs take an `Idempotency-Key`).

/** POST /v1/customers */
export const SandboxCreateCustomerBodySchema = z.object({ email: z.string().nullish(), name: z.string().nullish(), metadata: Metadata.optional() });
export const SandboxCustomerSchema = z.object({ id: Id });

/** POST /v1/setups: starts saving a card, which the browser completes with `client_secret`. */
export const SandboxCreateSetupBodySchema = z.object({ customer: Id });
export const SandboxSetupSchema = z.object({ id: Id, client_secret: z.string().min(1), status: z.enum(['requires_payment_method', 'succeeded']) });

/** GET /v1/customers/:id/payment_methods (oldest first); only brand, last four and expiry are kept. */
export const SandboxPaymentMethodSchema = z.object({
  id: Id,
  type: z.literal('card'),
  card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/), exp_month: z.number().int().min(1).max(12), exp_year: z.number().int() }),
  created: Timestamp,
});
export type SandboxPaymentMethodWire = z.infer<typeof SandboxPaymentMethodSchema>;
export const SandboxPaymentMethodListSchema = z.object({ data: z.array(SandboxPaymentMethodSchema) });

/** DELETE /v1/customers/:id/payment_methods/:pm */
export const SandboxDeletedPaymentMethodSchema = z.object({ id: Id, deleted: z.literal(true) });

export const SandboxPaymentStatusSchema = z.enum(['succeeded', 'processing', 'requires_action', 'failed']);

/** POST /v1/payments: charges a saved card. `currency` is an ISO 4217 code in either case. */
export const SandboxCreatePaymentBodySchema = z.object({
  customer: Id,
  payment_method: Id,
  amount: z.number().int().min(1),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  /** A renewal: no customer present, so a card that needs the 3-D-Secure step fails. */
  off_session: z.boolean().optional(),
  /** Returned on the payment and its events; how a lost payment is found again (`GET /v1/payments?metadata[k]=v`). */
  metadata: Metadata.optional(),
});
export type SandboxCreatePaymentBody = z.infer<typeof SandboxCreatePaymentBodySchema>;

/** A payment, as answered by POST /v1/payments, GET /v1/payments/:id and in payment events. */
export const SandboxPaymentSchema = z.object({
  id: Id,
  status: SandboxPaymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  /** Set while `requires_action`: the browser's key to the 3-D-Secure step. */
  client_secret: z.string().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  metadata: Metadata,
});
export type SandboxPaymentWire = z.infer<typeof SandboxPaymentSchema>;

/** GET /v1/payments?metadata[key]=value (newest first). */
export const SandboxPaymentListSchema = z.object({ data: z.array(SandboxPaymentSchema) });

/** POST /v1/refunds: all that is left of the payment when `amount` is left out. */
export const SandboxCreateRefundBodySchema = z.object({ payment: Id, amount: z.number().int().min(1).optional() });
export const SandboxRefundSchema = z.object({ id: Id, payment: Id, amount: z.number().int(), status: z.enum(['succeeded', 'failed']), created: Timestamp });
export type SandboxRefundWire = z.infer<typeof SandboxRefundSchema>;

// Browser routes, authenticated by a client secret alone. The card's digits and expiry are
// checked by the sandbox (Luhn, expiry, CVC length) and refused with a `failed` answer.

/** POST /v1/setups/:id/confirm */
export const SandboxConfirmSetupBodySchema = z.object({
  client_secret: z.string(),
  card: z.object({
    number: z.union([z.string(), z.number()]).transform(String),
    exp_month: z.union([z.number(), z.string()]).transform(Number),
    exp_year: z.union([z.number(), z.string()]).transform(Number),
    cvc: z.union([z.string(), z.number()]).transform(String),
  }),
});
export const SandboxConfirmSetupResultSchema = z.union([
  z.object({ status: z.literal('succeeded'), payment_method: Id }),
  z.object({ status: z.literal('failed'), error: SandboxErrorBodySchema.shape.error }),
]);
export type SandboxConfirmSetupResult = z.infer<typeof SandboxConfirmSetupResultSchema>;

/** POST /v1/payments/:id/authenticate: the customer approves (or not) a payment that `requires_action`. */
export const SandboxAuthenticateBodySchema = z.object({ client_secret: z.string(), approve: z.boolean().optional() });
export const SandboxAuthenticateResultSchema = z.object({ status: SandboxPaymentStatusSchema });

// Webhook events, POSTed to the API signed with `Cairn-Sandbox-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`.

export const SandboxEventSchema = z.object({ id: Id, type: z.string(), created: Timestamp, data: z.record(z.string(), z.unknown()) });

/** The `data` of each event type the sandbox sends. */
export const SandboxEventDataSchemas = {
  'payment.succeeded': z.object({ payment: SandboxPaymentSchema }),
  'payment.failed': z.object({ payment: SandboxPaymentSchema }),
  'payment_method.attached': z.object({ payment_method: SandboxPaymentMethodSchema, customer: Id }),
  'refund.succeeded': z.object({ refund: SandboxRefundSchema }),
  'refund.failed': z.object({ refund: SandboxRefundSchema }),
} as const;
export type SandboxEventType = keyof typeof SandboxEventDataSchemas;
export type SandboxEventData<T extends SandboxEventType> = z.infer<(typeof SandboxEventDataSchemas)[T]>;
