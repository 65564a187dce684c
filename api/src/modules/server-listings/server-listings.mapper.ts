import { listingAddress, type OwnedServerListing, type ServerListing, type ServerListingRegion } from '@cairn/shared/schemas/server-listings';
import { encodeBase62 } from '../../lib/ids.js';
import type { ListingView } from './server-listings.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A listing as everyone sees it. */
export function toServerListing(row: ListingView): ServerListing {
  return {
    id: encodeBase62(row.id),
    name: row.name,
    summary: row.summary,
    description: row.description,
    host: row.host,
    port: row.port,
    address: listingAddress(row.host, row.port),
    game_version: row.gameVersion,
    loader: row.loader,
    modpack: row.modpackId !== null && row.modpackSlug !== null ? { id: encodeBase62(row.modpackId), slug: row.modpackSlug, title: row.modpackTitle ?? row.modpackSlug } : null,
    region: row.region as ServerListingRegion | null,
    hosted: row.serverId !== null,
    owner: { id: encodeBase62(row.ownerId), username: row.ownerUsername },
    status: row.status,
    ping: {
      online: row.online,
      players_online: row.online ? row.playersOnline : null,
      players_max: row.playersMax,
      version_name: row.versionName,
      motd: row.motd,
      checked: iso(row.checked),
      last_online: iso(row.lastOnline),
    },
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/** A listing as its owner and moderators see it. */
export function toOwnedServerListing(row: ListingView): OwnedServerListing {
  return { ...toServerListing(row), hidden_reason: row.hiddenReason, ping_error: row.pingError, moderation_message: row.moderationMessage, server_id: row.serverId };
}
