import { AuthProviderSchema } from '@cairn/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from './api-client';

// Sign-in pages offer these providers and account settings links them, so the query is shared.

/** `GET /v2/auth/providers` (operationId `listAuthProviders`). */
export const listAuthProviders = (signal?: AbortSignal) => apiFetch('/v2/auth/providers', { schema: z.array(AuthProviderSchema), signal });

/** The third-party sign-in providers this server has enabled; they change only with a restart. */
export const authProvidersQuery = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => listAuthProviders(signal), staleTime: Infinity });
