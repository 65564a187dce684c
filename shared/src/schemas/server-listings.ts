import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * Wire shapes of public server listings (docs/api/server-listings.md): a game server anyone can
 * join, listed by its owner with an address, and shown with what the last status ping read
 * (players, version, message of the day). A listing is its own kind, not a project type, so the
 * catalogue's project and search shapes launchers read stay exactly as they were.
 */

export const SERVER_LISTING_NAME_MAX = 64;
export const SERVER_LISTING_SUMMARY_MAX = 160;
export const SERVER_LISTING_DESCRIPTION_MAX = 4000;

/** Where a server is hosted, for the region facet. */
export const SERVER_LISTING_REGIONS = ['north-america', 'south-america', 'europe', 'africa', 'middle-east', 'asia', 'oceania'] as const;
export const ServerListingRegionSchema = z.enum(SERVER_LISTING_REGIONS);
export type ServerListingRegion = z.infer<typeof ServerListingRegionSchema>;

/** The players-online facet's buckets: listings with at least this many players online. */
export const SERVER_LISTING_PLAYER_BUCKETS = [1, 10, 50, 100] as const;

/**
 * Moderation as for projects: a new listing waits in the review queue (`processing`) and is public
 * only once a moderator approves it; `rejected` goes back to its owner, `withheld` is hidden from
 * search but still reachable by its link.
 */
export const ServerListingStatusSchema = z.enum(['processing', 'approved', 'rejected', 'withheld']);
export type ServerListingStatus = z.infer<typeof ServerListingStatusSchema>;

/**
 * A host name or IP address players connect to, without a port: letters, digits, dots and dashes
 * (or an IPv6 address in brackets).
 */
export const ServerListingHostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$/, 'must be a host name or IP address (letters, digits, dots and dashes)');

export const ServerListingPortSchema = z.number().int().min(1).max(65535);

/** What the last status ping read; null fields until a ping answered. */
export const ServerListingStatusPingSchema = z.object({
  /** Whether the last ping was answered. */
  online: z.boolean(),
  players_online: z.number().int().nullable(),
  players_max: z.number().int().nullable(),
  /** The version name the server reports (for example `1.21.4`). */
  version_name: z.string().nullable(),
  /** The message of the day as plain text (formatting codes removed); render it as text, never as HTML. */
  motd: z.string().nullable(),
  /** When the last ping was made; null before the first. */
  checked: z.string().nullable(),
  /** When a ping was last answered. */
  last_online: z.string().nullable(),
});
export type ServerListingStatusPing = z.infer<typeof ServerListingStatusPingSchema>;

/** A modpack project of the catalogue a listing names. */
export const ServerListingModpackSchema = z.object({ id: Base62IdSchema, slug: z.string(), title: z.string() });

/** A public server listing, as everyone sees it. */
export const ServerListingSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  summary: z.string(),
  /** Plain text with line breaks. */
  description: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** `host` or `host:port` when the port is not the game's default (25565): what players paste. */
  address: z.string(),
  game_version: z.string(),
  loader: z.string(),
  modpack: ServerListingModpackSchema.nullable(),
  region: ServerListingRegionSchema.nullable(),
  /** Listed from a server hosted here: the address is the hosted server's. */
  hosted: z.boolean(),
  owner: z.object({ id: Base62IdSchema, username: z.string() }),
  status: ServerListingStatusSchema,
  ping: ServerListingStatusPingSchema,
  created: z.string(),
  updated: z.string(),
});
export type ServerListing = z.infer<typeof ServerListingSchema>;

/**
 * What the owner and moderators see beside the listing: why it is out of the listings, and what
 * the last failed ping said.
 */
export const OwnedServerListingSchema = ServerListingSchema.extend({
  /** Set while the server has not answered pings for longer than the operator's limit; the listing is out of search until it answers again. */
  hidden_reason: z.string().nullable(),
  /** What the last failed ping said (null after an answered one). */
  ping_error: z.string().nullable(),
  /** The moderator's message with a rejection or withholding. */
  moderation_message: z.string().nullable(),
  /** The hosted server it was listed from (only its owner and admins may open it). */
  server_id: Base62IdSchema.nullable(),
});
export type OwnedServerListing = z.infer<typeof OwnedServerListingSchema>;

/** GET /server_listing/{id}: the owner's view when the caller may see it, the public one otherwise. */
export const ServerListingViewSchema = z.union([OwnedServerListingSchema, ServerListingSchema]);

export const OwnedServerListingListSchema = z.object({ listings: z.array(OwnedServerListingSchema) });

const FacetCountSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type ServerListingFacetCount = z.infer<typeof FacetCountSchema>;

/** GET /server_listings: one page of public listings and the facet counts of the whole result. */
export const ServerListingSearchResultSchema = z.object({
  hits: z.array(ServerListingSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  total_hits: z.number().int(),
  facets: z.object({
    game_version: z.array(FacetCountSchema),
    modpack: z.array(FacetCountSchema),
    region: z.array(FacetCountSchema),
    /** `value` is the bucket's lower bound (`"10"`: 10 or more online). */
    players: z.array(FacetCountSchema),
  }),
});
export type ServerListingSearchResult = z.infer<typeof ServerListingSearchResultSchema>;

export const SERVER_LISTING_SORTS = ['players', 'newest', 'name'] as const;

export const SearchServerListingsQuerySchema = z.object({
  query: z.string().max(100).optional(),
  game_version: z.string().max(32).optional(),
  /** A modpack project's id. */
  modpack: Base62IdSchema.optional(),
  region: ServerListingRegionSchema.optional(),
  /** Only listings with at least this many players online at the last ping. */
  min_players: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sort: z.enum(SERVER_LISTING_SORTS).default('players'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SearchServerListingsQuery = z.input<typeof SearchServerListingsQuerySchema>;

const editable = {
  name: z.string().trim().min(3).max(SERVER_LISTING_NAME_MAX),
  summary: z.string().trim().min(3).max(SERVER_LISTING_SUMMARY_MAX),
  description: z.string().max(SERVER_LISTING_DESCRIPTION_MAX),
  game_version: z.string().trim().min(1).max(32),
  loader: z.string().trim().min(1).max(32),
  /** The modpack players need: a public modpack project of the catalogue, by id or slug. */
  modpack_id: z.string().trim().min(1).max(64).nullable(),
  region: ServerListingRegionSchema.nullable(),
};

/**
 * POST /server_listing. With `server_id` (a server hosted here that the caller owns) the address,
 * game version and loader come from that server and `host`/`port` must be left out; otherwise
 * `host` is required and `port` defaults to 25565.
 */
export const CreateServerListingBodySchema = z.object({
  ...editable,
  description: editable.description.default(''),
  game_version: editable.game_version.optional(),
  loader: editable.loader.optional(),
  modpack_id: editable.modpack_id.optional(),
  region: editable.region.optional(),
  host: ServerListingHostSchema.optional(),
  port: ServerListingPortSchema.optional(),
  server_id: Base62IdSchema.optional(),
});
export type CreateServerListingBody = z.input<typeof CreateServerListingBodySchema>;

/** PATCH /server_listing/{id}: the fields to change. A hosted listing's address follows its server and cannot be changed. */
export const EditServerListingBodySchema = z
  .object({ ...editable, host: ServerListingHostSchema, port: ServerListingPortSchema })
  .partial();
export type EditServerListingBody = z.infer<typeof EditServerListingBodySchema>;

/** POST /server_listing/{id}/moderation: a moderator's decision. */
export const ModerateServerListingBodySchema = z.object({
  status: ServerListingStatusSchema,
  /** Shown to the owner with a rejection or withholding. */
  message: z.string().max(2000).nullable().optional(),
});
export type ModerateServerListingBody = z.infer<typeof ModerateServerListingBodySchema>;

/** The game's default port: an address on it is written without one. */
export const DEFAULT_GAME_PORT = 25565;

/** `host` or `host:port`, as players type it into the game's server list. */
export function listingAddress(host: string, port: number): string {
  return port === DEFAULT_GAME_PORT ? host : `${host}:${port}`;
}
