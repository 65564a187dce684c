import { isHiddenProjectStatus } from '@cairn/shared/constants/project-status';
import {
  DEFAULT_GAME_PORT,
  SERVER_LISTING_PLAYER_BUCKETS,
  SearchServerListingsQuerySchema,
  type CreateServerListingBody,
  type EditServerListingBody,
  type ModerateServerListingBody,
  type OwnedServerListing,
  type ServerListing,
  type ServerListingSearchResult,
} from '@cairn/shared/schemas/server-listings';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { managesListing, requireListingModeration, requireManagedListing, requireVisibleListing } from '../access/server-listing.policy.js';
import { findListableServer } from '../servers/server-listing-source.port.js';
import { checkedListingAddress, ListingAddressError } from './server-listing-address.js';
import { pingListing, type PingSettings } from './server-listing-pings.js';
import { SERVER_LISTINGS_PING_JOB, type PingListingsJob } from './server-listings.jobs.js';
import { toOwnedServerListing, toServerListing } from './server-listings.mapper.js';
import * as repo from './server-listings.repository.js';

const REGION_LABELS: Record<string, string> = {
  'north-america': 'North America',
  'south-america': 'South America',
  europe: 'Europe',
  africa: 'Africa',
  'middle-east': 'Middle East',
  asia: 'Asia',
  oceania: 'Oceania',
};

/** Listings one account may have, so the review queue cannot be flooded from one account. */
export const MAX_LISTINGS_PER_OWNER = 25;

/** Public server listings: search, pages, the owner's create/edit/delete, and moderation (docs/api/server-listings.md). */
export function createServerListingsService(deps: { db: Database; jobs: JobQueue | undefined; ping: PingSettings }) {
  const { db, jobs } = deps;

  const load = async (id: string) => {
    const numeric = parseId(id);
    return numeric === undefined ? undefined : repo.findListing(db, numeric);
  };
  const owned = async (id: number): Promise<OwnedServerListing> => toOwnedServerListing((await repo.findListing(db, id))!);

  /** A modpack named by id or slug must be a modpack anyone may see in the catalogue. */
  async function modpackId(value: string | null | undefined): Promise<number | null | undefined> {
    if (value === undefined || value === null) return value;
    const project = await repo.findModpackCandidate(db, parseId(value), value);
    if (!project || isHiddenProjectStatus(project.status)) throw badRequest(`modpack_id: no public project has the id or slug ${value}`);
    if (project.declaredType !== 'modpack') throw badRequest(`modpack_id: the project ${value} is not a modpack`);
    return project.id;
  }

  /** A user-chosen address must be one the ping may reach (server-listing-address.ts): a 400 naming `host` otherwise. */
  async function checkAddress(host: string, port: number): Promise<void> {
    try {
      await checkedListingAddress(host, port, deps.ping);
    } catch (error) {
      if (error instanceof ListingAddressError) throw badRequest(error.message);
      throw error;
    }
  }

  /** Asks the worker for a ping now, so a new or moved listing shows its state within seconds. */
  async function queuePing(listingId: number): Promise<void> {
    await jobs?.send<PingListingsJob>(SERVER_LISTINGS_PING_JOB, { listingId });
  }

  return {
    async search(raw: z.input<typeof SearchServerListingsQuerySchema>): Promise<ServerListingSearchResult> {
      const query = SearchServerListingsQuerySchema.parse(raw);
      const modpack = query.modpack === undefined ? undefined : parseId(query.modpack);
      // An id that cannot be one matches nothing, like an unknown one.
      const filters: repo.ListingFilters = { query: query.query, gameVersion: query.game_version, modpackId: query.modpack === undefined ? undefined : (modpack ?? -1), region: query.region, minPlayers: query.min_players };
      const { rows, total } = await repo.searchListings(db, filters, { sort: query.sort, offset: query.offset, limit: query.limit });
      const facets = await repo.facetCounts(db, filters, SERVER_LISTING_PLAYER_BUCKETS);
      return {
        hits: rows.map(toServerListing),
        offset: query.offset,
        limit: query.limit,
        total_hits: total,
        facets: {
          game_version: facets.gameVersion.map((row) => ({ value: row.value, label: row.value, count: row.count })),
          modpack: facets.modpack.map((row) => ({ value: encodeBase62(row.id), label: row.title, count: row.count })),
          region: facets.region.map((row) => ({ value: row.value, label: REGION_LABELS[row.value] ?? row.value, count: row.count })),
          players: facets.players.map((row) => ({ value: String(row.min), label: `${row.min}+`, count: row.count })),
        },
      };
    },

    /** The owner's view for its owner and moderators, the public one for everyone else. */
    async get(actor: Actor | null, id: string): Promise<OwnedServerListing | ServerListing> {
      const listing = requireVisibleListing(actor, await load(id));
      return managesListing(actor, listing) ? toOwnedServerListing(listing) : toServerListing(listing);
    },

    async listMine(actor: Actor): Promise<{ listings: OwnedServerListing[] }> {
      return { listings: (await repo.listListingsOfOwner(db, actor.userId)).map(toOwnedServerListing) };
    },

    async create(actor: Actor, body: CreateServerListingBody & { description: string }): Promise<OwnedServerListing> {
      if ((await repo.listListingsOfOwner(db, actor.userId)).length >= MAX_LISTINGS_PER_OWNER) {
        throw badRequest(`server_id: an account may have at most ${MAX_LISTINGS_PER_OWNER} server listings; delete one first`, 'too_many_listings');
      }
      const id = Number(randomId());
      const common = { id, ownerId: actor.userId, name: body.name, summary: body.summary, description: body.description, modpackId: (await modpackId(body.modpack_id)) ?? null, region: body.region ?? null };
      if (body.server_id !== undefined) {
        if (body.host !== undefined || body.port !== undefined) throw badRequest("host: a hosted server's listing takes the server's own address; leave host and port out");
        const server = await findListableServer(db, actor, body.server_id, deps.ping.domain);
        if (await repo.findListingOfServer(db, server.id)) throw conflict('server_id: this server already has a listing; edit that one', 'listing_exists');
        // The listing is the server owner's even when an admin makes it.
        await repo.insertListing(db, { ...common, ownerId: server.ownerId, serverId: server.id, host: server.host, port: server.port, gameVersion: body.game_version ?? server.gameVersion, loader: body.loader ?? server.loader });
      } else {
        if (body.host === undefined) throw badRequest('host: the address players connect to is required (or server_id for a server hosted here)');
        if (body.game_version === undefined) throw badRequest('game_version: required for a server not hosted here');
        const port = body.port ?? DEFAULT_GAME_PORT;
        await checkAddress(body.host, port);
        await repo.insertListing(db, { ...common, host: body.host.toLowerCase(), port, gameVersion: body.game_version, loader: body.loader ?? 'vanilla' });
      }
      await queuePing(id);
      return owned(id);
    },

    async edit(actor: Actor, id: string, body: EditServerListingBody): Promise<OwnedServerListing> {
      const listing = requireManagedListing(actor, await load(id));
      const addressChanged = (body.host !== undefined && body.host.toLowerCase() !== listing.host) || (body.port !== undefined && body.port !== listing.port);
      if (addressChanged && listing.serverId !== null) throw badRequest("host: a hosted server's listing follows the server's address and cannot be given another");
      if (addressChanged) await checkAddress(body.host ?? listing.host, body.port ?? listing.port);
      const modpack = await modpackId(body.modpack_id);
      await repo.updateListing(db, listing.id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.summary === undefined ? {} : { summary: body.summary }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.game_version === undefined ? {} : { gameVersion: body.game_version }),
        ...(body.loader === undefined ? {} : { loader: body.loader }),
        ...(modpack === undefined ? {} : { modpackId: modpack }),
        ...(body.region === undefined ? {} : { region: body.region }),
        ...(addressChanged ? { host: (body.host ?? listing.host).toLowerCase(), port: body.port ?? listing.port, online: false, checked: null, hiddenReason: null, pingError: null } : {}),
        // As for projects: a rejected listing that its owner changes goes back to the review queue.
        ...(listing.status === 'rejected' && listing.ownerId === actor.userId ? { status: 'processing' as const } : {}),
        updated: new Date(),
      });
      if (addressChanged) await queuePing(listing.id);
      return owned(listing.id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const listing = requireManagedListing(actor, await load(id));
      await repo.deleteListing(db, listing.id);
    },

    /** Pings the listing's server now (for its owner after a restart), and answers what it read. */
    async pingNow(actor: Actor, id: string): Promise<OwnedServerListing> {
      const listing = requireManagedListing(actor, await load(id));
      const row = (await repo.findListingRow(db, listing.id))!;
      await pingListing(db, row, deps.ping, new Date());
      return owned(listing.id);
    },

    /** The review queue, oldest first (moderators). */
    async queue(actor: Actor): Promise<{ listings: OwnedServerListing[] }> {
      requireListingModeration(actor);
      return { listings: (await repo.listQueuedListings(db)).map(toOwnedServerListing) };
    },

    async moderate(actor: Actor, id: string, body: ModerateServerListingBody): Promise<OwnedServerListing> {
      requireListingModeration(actor);
      const listing = requireVisibleListing(actor, await load(id));
      if ((body.status === 'rejected' || body.status === 'withheld') && !body.message?.trim()) {
        throw badRequest(`message: say why the listing is ${body.status}; its owner is shown the message`);
      }
      await repo.updateListing(db, listing.id, { status: body.status, moderationMessage: body.message?.trim() || null, updated: new Date() });
      return owned(listing.id);
    },
  };
}

export type ServerListingsService = ReturnType<typeof createServerListingsService>;
