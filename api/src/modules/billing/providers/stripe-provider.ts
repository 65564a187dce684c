import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentMethod,
} from './payment-provider.js';
import { ProviderRequestError } from './provider-errors.js';
import { failureCode, mapStripeEvent, mapStripePaymentMethod, mapStripeRefund } from './stripe-mapping.js';

/** The STRIPE_* settings (`payments.stripe` of the configuration). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Handed to the browser to confirm setups and 3-D Secure steps; unset = the web cannot save cards. */
  publishableKey: string | undefined;
}

export interface StripeProviderOptions {
  /** The SDK's transport (`Stripe.createNodeHttpClient()`, `Stripe.createFetchHttpClient()` or a custom one). */
  httpClient?: Stripe.HttpClient;
  /** Where the API is reached (tests point these at a local stub); default api.stripe.com:443 over https. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries connection errors and 5xx with the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Seconds a webhook signature stays acceptable (the SDK's default is 300). */
  webhookToleranceSeconds?: number;
}

/** Payment methods Cairn can show and charge; Stripe knows many more. */
const SUPPORTED_TYPES = new Set<ProviderPaymentMethod['type']>(['card', 'paypal', 'cashapp', 'amazon_pay']);

export function createStripeProvider(settings: StripeSettings, options: StripeProviderOptions = {}): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'Cairn' },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  const provider: PaymentProvider = {
    name: 'stripe',

    async createCustomer({ userId, email, username }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), name: username, metadata: { cairn_user_id: userId } },
        // A retry after a lost response finds the customer made by the first attempt.
        { idempotencyKey: `cairn-customer-${userId}` },
      );
      return { customerId: customer.id };
    },

    async createSetup({ customerId }) {
      const setup = await stripe.setupIntents.create({
        customer: customerId,
        // Saved for renewals charged while the customer is away.
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!setup.client_secret) throw new Error(`Stripe returned setup ${setup.id} without a client secret`);
      return { setupId: setup.id, clientSecret: setup.client_secret };
    },

    async listPaymentMethods(customerId) {
      const methods = await stripe.customers.listPaymentMethods(customerId, { limit: 100 }).autoPagingToArray({ limit: 1000 });
      return methods.filter((method) => SUPPORTED_TYPES.has(method.type as ProviderPaymentMethod['type'])).map(mapStripePaymentMethod);
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      // Fails (resource_missing) when the method belongs to someone else, before anything is detached.
      await stripe.customers.retrievePaymentMethod(customerId, paymentMethodId);
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    async createPayment(input): Promise<ProviderPayment> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: input.offSession,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentOf(intent);
      } catch (error) {
        // A declined confirmation is a 402 whose body still carries the payment intent.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return {
            id: error.payment_intent.id,
            status: 'failed',
            failureCode: failureCode(error.code, error.decline_code),
            failureMessage: error.message,
          };
        }
        throw error;
      }
    },

    async getPayment(ref) {
      if ('paymentId' in ref) {
        try {
          return paymentOf(await stripe.paymentIntents.retrieve(ref.paymentId));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      }
      const quote = (value: string) => value.replace(/['\\]/g, '');
      const found = await stripe.paymentIntents.search({
        query: `metadata['charge_id']:'${quote(ref.chargeId)}' AND metadata['attempt']:'${quote(ref.attempt)}'`,
        limit: 1,
      });
      return found.data[0] ? paymentOf(found.data[0]) : null;
    },

    async refund({ paymentId, amount, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey });
      return mapStripeRefund(refund);
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, options.webhookToleranceSeconds);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
        throw new WebhookSignatureError('unreadable webhook body');
      }
      return mapStripeEvent(event);
    },

    clientConfig() {
      return { sandboxUrl: null, publishableKey: settings.publishableKey ?? null };
    },
  };
  return withRequestErrors(provider);
}

/**
 * Stripe's refusals (an answer with a status: unknown ids, amounts over what is left, reused
 * idempotency keys…) become the ProviderRequestError the sandbox raises, so billing handles both
 * processors' errors in one place. Network failures pass through unchanged.
 */
function withRequestErrors(provider: PaymentProvider): PaymentProvider {
  const translate = (error: unknown): never => {
    if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined) {
      throw new ProviderRequestError(error.statusCode, error.code ?? error.type, error.message);
    }
    throw error;
  };
  return {
    ...provider,
    createCustomer: (input) => provider.createCustomer(input).catch(translate),
    createSetup: (input) => provider.createSetup(input).catch(translate),
    listPaymentMethods: (customerId) => provider.listPaymentMethods(customerId).catch(translate),
    detachPaymentMethod: (customerId, paymentMethodId) => provider.detachPaymentMethod(customerId, paymentMethodId).catch(translate),
    createPayment: (input) => provider.createPayment(input).catch(translate),
    getPayment: (ref) => provider.getPayment(ref).catch(translate),
    refund: (input) => provider.refund(input).catch(translate),
  };
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  switch (intent.status) {
    case 'succeeded':
      return { id: intent.id, status: 'succeeded' };
    // Cairn captures automatically, so a held authorisation (requires_capture) only passes through.
    case 'processing':
    case 'requires_capture':
      return { id: intent.id, status: 'processing' };
    case 'requires_action':
      if (!intent.client_secret) throw new Error(`Stripe returned payment ${intent.id} needing action without a client secret`);
      return { id: intent.id, status: 'requires_action', clientSecret: intent.client_secret };
    default: {
      const error = intent.last_payment_error;
      return {
        id: intent.id,
        status: 'failed',
        failureCode: failureCode(error?.code, error?.decline_code),
        failureMessage: error?.message ?? `payment ended as ${intent.status}`,
      };
    }
  }
}
