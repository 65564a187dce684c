import {
  ServerAllocationListSchema,
  ServerNetworkSchema,
  ServerPlatformListSchema,
  ServerPreferencesSchema,
  ServerStartupSchema,
  SubdomainAvailabilitySchema,
  type EditServerStartupBody,
  type ReinstallServerBody,
} from '@cairn/shared/schemas/servers';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { serverQueries } from '../../../lib/servers/servers-queries';

const enc = encodeURIComponent;
const AnyBodySchema = z.unknown();
const base = (id: string) => `/v2/servers/${enc(id)}`;

export const reinstallServer = (id: string, body: ReinstallServerBody) => apiFetch(`${base(id)}/reinstall`, { method: 'POST', body, schema: AnyBodySchema });
export const editServerStartup = (id: string, body: EditServerStartupBody) => apiFetch(`${base(id)}/startup`, { method: 'PATCH', body, schema: AnyBodySchema });
export const editServerPreferences = (id: string, autoRestart: boolean) =>
  apiFetch(`${base(id)}/preferences`, { method: 'PATCH', body: { auto_restart: autoRestart }, schema: AnyBodySchema });
export const createAllocation = (id: string, name: string) => apiFetch(`${base(id)}/allocations`, { method: 'POST', body: { name }, schema: AnyBodySchema });
export const renameAllocation = (id: string, port: number, name: string) => apiFetch(`${base(id)}/allocations/${port}`, { method: 'PATCH', body: { name }, schema: AnyBodySchema });
export const deleteAllocation = (id: string, port: number) => apiFetch(`${base(id)}/allocations/${port}`, { method: 'DELETE', schema: AnyBodySchema });
export const setSubdomain = (id: string, subdomain: string) => apiFetch(`${base(id)}/subdomain`, { method: 'POST', body: { subdomain }, schema: AnyBodySchema });

/** Options › Platform, Startup, Network and Preferences; keys under the servers prefix so server mutations refresh them. */
export const serverOptionQueries = {
  platforms: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'platforms', id] as const, queryFn: ({ signal }) => apiFetch(`${base(id)}/platforms`, { schema: ServerPlatformListSchema, signal }) }),
  startup: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'startup', id] as const, queryFn: ({ signal }) => apiFetch(`${base(id)}/startup`, { schema: ServerStartupSchema, signal }) }),
  preferences: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'preferences', id] as const, queryFn: ({ signal }) => apiFetch(`${base(id)}/preferences`, { schema: ServerPreferencesSchema, signal }) }),
  allocations: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'allocations', id] as const, queryFn: ({ signal }) => apiFetch(`${base(id)}/allocations`, { schema: ServerAllocationListSchema, signal }) }),
  network: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'network', id] as const, queryFn: ({ signal }) => apiFetch(`${base(id)}/network`, { schema: ServerNetworkSchema, signal }) }),
  subdomainAvailable: (subdomain: string) =>
    queryOptions({
      queryKey: ['servers-subdomain', subdomain.toLowerCase()] as const,
      queryFn: ({ signal }) => apiFetch(`/v2/servers/subdomains/${enc(subdomain)}/available`, { schema: SubdomainAvailabilitySchema, signal }),
      staleTime: 5000,
    }),
};
