import {
  PayoutAccountsSchema,
  PayoutBalanceSchema,
  PayoutFeesSchema,
  PayoutHistorySchema,
  PayoutMethodListSchema,
  WithdrawalSchema,
  type CreatePayoutBody,
  type UpdatePayoutAccountsBody,
} from '@cairn/shared/schemas/payouts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const getBalance = (signal?: AbortSignal) => apiFetch('/v2/payout/balance', { schema: PayoutBalanceSchema, signal });
export const listHistory = (signal?: AbortSignal) => apiFetch('/v2/payout/history', { schema: PayoutHistorySchema, signal });
export const listMethods = (country: string, signal?: AbortSignal) => apiFetch(`/v2/payout/methods?country=${encodeURIComponent(country)}`, { schema: PayoutMethodListSchema, signal });
export const getPayoutAccounts = (signal?: AbortSignal) => apiFetch('/v2/payout/accounts', { schema: PayoutAccountsSchema, signal });
export const updatePayoutAccounts = (body: UpdatePayoutAccountsBody) => apiFetch('/v2/payout/accounts', { method: 'PATCH', body, schema: PayoutAccountsSchema });
export const previewFees = (body: { amount: number; method_id: string }, signal?: AbortSignal) =>
  apiFetch('/v2/payout/fees', { method: 'POST', body, schema: PayoutFeesSchema, signal });
export const createPayout = (body: CreatePayoutBody) => apiFetch('/v2/payout', { method: 'POST', body, schema: WithdrawalSchema });
export const cancelPayout = (id: string) => apiFetch(`/v2/payout/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });

export const revenueQueries = {
  all: () => ['revenue'] as const,
  balance: () => queryOptions({ queryKey: [...revenueQueries.all(), 'balance'] as const, queryFn: ({ signal }) => getBalance(signal), staleTime: 0 }),
  history: () => queryOptions({ queryKey: [...revenueQueries.all(), 'history'] as const, queryFn: ({ signal }) => listHistory(signal), staleTime: 0 }),
  methods: (country: string) => queryOptions({ queryKey: [...revenueQueries.all(), 'methods', country] as const, queryFn: ({ signal }) => listMethods(country, signal), staleTime: 10 * 60_000 }),
  accounts: () => queryOptions({ queryKey: [...revenueQueries.all(), 'accounts'] as const, queryFn: ({ signal }) => getPayoutAccounts(signal), staleTime: 0 }),
  fees: (methodId: string, amount: number) =>
    queryOptions({
      queryKey: [...revenueQueries.all(), 'fees', methodId, amount] as const,
      queryFn: ({ signal }) => previewFees({ amount, method_id: methodId }, signal),
      staleTime: 60_000,
    }),
};
