import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * Wire shapes of `/v2/billing/*` (the reference's internal billing routes). Every amount is an
 * integer in the currency's minor unit (cents for USD).
 */

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

/** `midas` = the Plus subscription; `pyro` = a hosted server plan. */
export const ProductMetadataSchema = z.union([
  z.object({ type: z.literal('midas') }),
  z.object({
    type: z.literal('pyro'),
    /** Plan name shown to customers: Small, Medium, Large. */
    name: z.string(),
    cpu: z.number().int(),
    /** MiB. */
    ram: z.number().int(),
    /** MiB. */
    swap: z.number().int(),
    /** MiB. */
    storage: z.number().int(),
    /** Servers that can still be sold on this plan; 0 = out of stock. */
    stock: z.number().int().min(0),
  }),
]);
export type ProductMetadata = z.infer<typeof ProductMetadataSchema>;

export const PriceAmountsSchema = z.union([
  z.object({ type: z.literal('one-time'), price: z.number().int().min(0) }),
  z.object({
    type: z.literal('recurring'),
    /** Amount per billing interval the price offers. */
    intervals: z.object({ monthly: z.number().int().min(0).optional(), yearly: z.number().int().min(0).optional() }),
  }),
]);
export type PriceAmounts = z.infer<typeof PriceAmountsSchema>;

export const ProductPriceSchema = z.object({
  id: Base62IdSchema,
  product_id: Base62IdSchema,
  prices: PriceAmountsSchema,
  /** ISO 4217, upper case. */
  currency_code: z.string().length(3),
});
export type ProductPrice = z.infer<typeof ProductPriceSchema>;

export const ProductSchema = z.object({
  id: Base62IdSchema,
  metadata: ProductMetadataSchema,
  prices: z.array(ProductPriceSchema),
  /** A customer may hold at most one subscription of a unitary product (Plus). */
  unitary: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

export const SubscriptionStatusSchema = z.enum(['provisioned', 'unprovisioned']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SubscriptionMetadataSchema = z
  .object({ type: z.literal('pyro'), id: z.string(), region: z.string().nullable().optional() })
  .nullable();

export const SubscriptionSchema = z.object({
  id: Base62IdSchema,
  user_id: Base62IdSchema,
  price_id: Base62IdSchema,
  interval: BillingIntervalSchema,
  status: SubscriptionStatusSchema,
  created: z.string(),
  metadata: SubscriptionMetadataSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** The hosted server a server-plan subscription pays for (its panel is `/servers/manage/{id}`). */
export const SubscriptionServerSchema = z.object({ id: Base62IdSchema, name: z.string() });
export type SubscriptionServer = z.infer<typeof SubscriptionServerSchema>;

/** GET /billing/subscriptions items. */
export const SubscriptionEntrySchema = z.object({
  subscription: SubscriptionSchema,
  next_charge_tax_amount: z.number().int().nullable(),
  /**
   * The server of a server-plan subscription while it exists; null for other subscriptions, for a
   * purchase that was never paid (no server yet) and once the server was deleted after its
   * subscription ended (the server's id stays in `subscription.metadata.id`).
   */
  server: SubscriptionServerSchema.nullable(),
});
export type SubscriptionEntry = z.infer<typeof SubscriptionEntrySchema>;

/**
 * `cancelled`: will not be charged (a failed renewal the owner cancelled, or a cancelled period that
 * has ended); `expiring`: the renewal of a running subscription its owner cancelled — not charged,
 * the perks last until its due date, then it becomes `cancelled`.
 */
export const CHARGE_STATUSES = ['open', 'processing', 'succeeded', 'failed', 'cancelled', 'expiring'] as const;
export const ChargeStatusSchema = z.enum(CHARGE_STATUSES);
export type ChargeStatus = z.infer<typeof ChargeStatusSchema>;

export const CHARGE_TYPES = ['one-time', 'subscription', 'proration', 'refund'] as const;
export const ChargeTypeSchema = z.enum(CHARGE_TYPES);
export type ChargeType = z.infer<typeof ChargeTypeSchema>;

/** GET /billing/payments items. */
export const ChargeSchema = z.object({
  id: Base62IdSchema,
  user_id: Base62IdSchema,
  price_id: Base62IdSchema,
  /** Negative for refunds. */
  amount: z.number().int(),
  currency_code: z.string().length(3),
  status: ChargeStatusSchema,
  due: z.string(),
  last_attempt: z.string().nullable(),
  type: ChargeTypeSchema,
  subscription_id: Base62IdSchema.nullable(),
  subscription_interval: BillingIntervalSchema.nullable(),
  /** The payment provider that processed it: `sandbox` or `stripe`. */
  platform: z.string(),
  parent_charge_id: Base62IdSchema.nullable(),
  /** Amount after the provider's fee; present for admins only. */
  net: z.number().int().nullable().optional(),
});
export type Charge = z.infer<typeof ChargeSchema>;

/** Spec §9 card brands, plus wallets a provider may report. */
export const CARD_BRANDS = [
  'amex',
  'diners',
  'discover',
  'eftpos',
  'jcb',
  'mastercard',
  'unionpay',
  'visa',
  'paypal',
  'cashapp',
  'amazon_pay',
  'unknown',
] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof CardBrandSchema>;

export const PaymentMethodSchema = z.object({
  /** The provider's id of the saved method. */
  id: z.string(),
  type: z.enum(['card', 'paypal', 'cashapp', 'amazon_pay']),
  card: z
    .object({
      brand: CardBrandSchema,
      last4: z.string().regex(/^\d{4}$/),
      exp_month: z.number().int().min(1).max(12),
      exp_year: z.number().int(),
    })
    .nullable(),
  primary: z.boolean(),
  created: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** POST /billing/payment_method: starts saving a method; the browser finishes it with the provider. */
export const PaymentMethodSetupSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  setup_id: z.string(),
  client_secret: z.string(),
  /** Sandbox: the processor's public base URL the browser posts the card to. */
  sandbox_url: z.string().nullable(),
  /** Stripe: the publishable key for Stripe.js. */
  publishable_key: z.string().nullable(),
});
export type PaymentMethodSetup = z.infer<typeof PaymentMethodSetupSchema>;

export const EditPaymentMethodBodySchema = z.object({ primary: z.literal(true) });

/** PATCH /billing/subscription/{id}[?dry=true]. */
export const EditSubscriptionBodySchema = z
  .object({
    interval: BillingIntervalSchema.optional(),
    payment_method: z.string().min(1).max(255).optional(),
    cancelled: z.boolean().optional(),
    region: z.string().min(1).max(64).optional(),
    /** Moves to another product (server plan change). */
    product: Base62IdSchema.optional(),
  })
  .strict();
export type EditSubscriptionBody = z.infer<typeof EditSubscriptionBodySchema>;

/** What a plan/interval change would charge now (dry run) or has charged. */
export const SubscriptionChangeSchema = z.object({
  /** The proration charge created, or null when nothing is due now (or on a dry run). */
  charge: ChargeSchema.nullable(),
  /** Amount due now for the change, minor units (0 when the change waits for the next renewal). */
  amount_due: z.number().int(),
  currency_code: z.string().length(3),
  /** Present when the provider needs the customer to confirm (3-D Secure). */
  payment_intent_id: z.string().nullable(),
  client_secret: z.string().nullable(),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

export const PaymentResultSchema = z.object({
  charge_id: Base62IdSchema,
  payment_intent_id: z.string(),
  /** `requires_action`: the browser must complete a 3-D Secure step with `client_secret`. */
  status: z.enum(['succeeded', 'processing', 'requires_action', 'failed']),
  client_secret: z.string().nullable(),
  price_id: Base62IdSchema,
  total: z.number().int(),
  currency_code: z.string().length(3),
  /** The provider's decline reason when `failed`. */
  failure: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  /** The customer's primary payment method id, or null. */
  default_payment_method: z.string().nullable(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** POST /billing/credit (admin): push the next renewal back by `days`. */
export const CreditBodySchema = z
  .object({
    subscription_ids: z.array(Base62IdSchema).min(1).max(1000),
    days: z.number().int().min(1).max(3650),
    send_email: z.boolean().default(true),
    message: z.string().max(2000).optional(),
  })
  .strict();
export type CreditBody = z.input<typeof CreditBodySchema>;
