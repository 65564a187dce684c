import { ChargeSchema, PaymentMethodSchema, PaymentMethodSetupSchema, PaymentResultSchema, ProductSchema, SubscriptionChangeSchema, SubscriptionEntrySchema, type CreditBody, type EditSubscriptionBody } from '@cairn/shared/schemas/billing';
import { type CreatePaymentBody, type RefundBody } from '@cairn/shared/schemas/billing-requests';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const enc = encodeURIComponent;
/** Answers whose body the pages do not read (204s, or an updated object). */
const AnyBodySchema = z.unknown();

export const listProducts = (signal?: AbortSignal) => apiFetch('/v2/billing/products', { schema: z.array(ProductSchema), signal });
/** `userId` (staff): another user's subscriptions. */
export const listSubscriptions = (userId?: string, signal?: AbortSignal) =>
  apiFetch('/v2/billing/subscriptions', { schema: z.array(SubscriptionEntrySchema), query: { user_id: userId }, signal });
/** `userId` (staff): another user's charges. */
export const listCharges = (userId?: string, signal?: AbortSignal) =>
  apiFetch('/v2/billing/payments', { schema: z.array(ChargeSchema), query: { user_id: userId }, signal });
export const listPaymentMethods = (signal?: AbortSignal) => apiFetch('/v2/billing/payment_methods', { schema: z.array(PaymentMethodSchema), signal });

export const startPaymentMethodSetup = () => apiFetch('/v2/billing/payment_method', { method: 'POST', schema: PaymentMethodSetupSchema });
export const makePaymentMethodPrimary = (id: string) =>
  apiFetch(`/v2/billing/payment_method/${enc(id)}`, { method: 'PATCH', body: { primary: true }, schema: AnyBodySchema });
export const deletePaymentMethod = (id: string) => apiFetch(`/v2/billing/payment_method/${enc(id)}`, { method: 'DELETE', schema: AnyBodySchema });
export const createPayment = (body: CreatePaymentBody) => apiFetch('/v2/billing/payment', { method: 'POST', body, schema: PaymentResultSchema });
export const previewSubscriptionChange = (id: string, body: EditSubscriptionBody) =>
  apiFetch(`/v2/billing/subscription/${enc(id)}`, { method: 'PATCH', query: { dry: true }, body, schema: SubscriptionChangeSchema });
export const editSubscription = (id: string, body: EditSubscriptionBody) =>
  apiFetch(`/v2/billing/subscription/${enc(id)}`, { method: 'PATCH', body, schema: AnyBodySchema });
export const refundCharge = (id: string, body: RefundBody) => apiFetch(`/v2/billing/charge/${enc(id)}/refund`, { method: 'POST', body, schema: AnyBodySchema });
export const creditSubscriptions = (body: CreditBody) => apiFetch('/v2/billing/credit', { method: 'POST', body, schema: AnyBodySchema });

export const billingQueries = {
  all: () => ['billing'] as const,
  products: () => queryOptions({ queryKey: [...billingQueries.all(), 'products'] as const, queryFn: ({ signal }) => listProducts(signal), staleTime: 10 * 60_000 }),
  subscriptions: (userId?: string) =>
    queryOptions({ queryKey: [...billingQueries.all(), 'subscriptions', userId ?? 'self'] as const, queryFn: ({ signal }) => listSubscriptions(userId, signal), staleTime: 0 }),
  charges: (userId?: string) =>
    queryOptions({ queryKey: [...billingQueries.all(), 'charges', userId ?? 'self'] as const, queryFn: ({ signal }) => listCharges(userId, signal), staleTime: 0 }),
  paymentMethods: () =>
    queryOptions({ queryKey: [...billingQueries.all(), 'payment-methods'] as const, queryFn: ({ signal }) => listPaymentMethods(signal), staleTime: 0 }),
};
