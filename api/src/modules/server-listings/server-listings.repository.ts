import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/catalogue.js';
import { serverListings } from '../../db/schema/server-listings.js';
import { users } from '../../db/schema/users.js';

export type ListingRow = typeof serverListings.$inferSelect;
export type NewListingRow = typeof serverListings.$inferInsert;

/** A listing with the names its wire shape shows: the owner's username and the modpack's slug and title. */
export type ListingView = ListingRow & { ownerUsername: string; modpackSlug: string | null; modpackTitle: string | null };

const columns = {
  id: serverListings.id,
  ownerId: serverListings.ownerId,
  serverId: serverListings.serverId,
  name: serverListings.name,
  summary: serverListings.summary,
  description: serverListings.description,
  host: serverListings.host,
  port: serverListings.port,
  gameVersion: serverListings.gameVersion,
  loader: serverListings.loader,
  modpackId: serverListings.modpackId,
  region: serverListings.region,
  status: serverListings.status,
  moderationMessage: serverListings.moderationMessage,
  checked: serverListings.checked,
  online: serverListings.online,
  lastOnline: serverListings.lastOnline,
  playersOnline: serverListings.playersOnline,
  playersMax: serverListings.playersMax,
  versionName: serverListings.versionName,
  motd: serverListings.motd,
  pingError: serverListings.pingError,
  hiddenReason: serverListings.hiddenReason,
  created: serverListings.created,
  updated: serverListings.updated,
};
const viewColumns = { ...columns, ownerUsername: users.username, modpackSlug: projects.slug, modpackTitle: projects.title };

const viewQuery = (db: Executor) =>
  db.select(viewColumns).from(serverListings).innerJoin(users, eq(users.id, serverListings.ownerId)).leftJoin(projects, eq(projects.id, serverListings.modpackId));

/** Approved and answering (not hidden by the ping job): what search and strangers see. */
export const publicCondition = (): SQL => and(eq(serverListings.status, 'approved'), isNull(serverListings.hiddenReason))!;

export const findListing = async (db: Executor, id: number): Promise<ListingView | undefined> => (await viewQuery(db).where(eq(serverListings.id, id)))[0];

export const findListingOfServer = async (db: Executor, serverId: string): Promise<{ id: number } | undefined> =>
  (await db.select({ id: serverListings.id }).from(serverListings).where(eq(serverListings.serverId, serverId)))[0];

export const listListingsOfOwner = (db: Executor, ownerId: number): Promise<ListingView[]> => viewQuery(db).where(eq(serverListings.ownerId, ownerId)).orderBy(desc(serverListings.created));

/** The review queue: listings waiting for a moderator, oldest first. */
export const listQueuedListings = (db: Executor): Promise<ListingView[]> => viewQuery(db).where(eq(serverListings.status, 'processing')).orderBy(asc(serverListings.created), asc(serverListings.id));

/** Every listing the ping job pings: waiting for review or approved (rejected and withheld ones are not pinged). */
export const listPingableListings = (db: Executor): Promise<ListingRow[]> =>
  db.select(columns).from(serverListings).where(inArray(serverListings.status, ['processing', 'approved'])).orderBy(asc(serverListings.id));

export const findListingRow = async (db: Executor, id: number): Promise<ListingRow | undefined> => (await db.select(columns).from(serverListings).where(eq(serverListings.id, id)))[0];

export async function insertListing(db: Executor, row: NewListingRow): Promise<void> {
  await db.insert(serverListings).values(row);
}

export async function updateListing(db: Executor, id: number, set: Partial<NewListingRow>): Promise<void> {
  await db.update(serverListings).set(set).where(eq(serverListings.id, id));
}

export async function deleteListing(db: Executor, id: number): Promise<void> {
  await db.delete(serverListings).where(eq(serverListings.id, id));
}

/** The catalogue project a listing names as its modpack, by id (when `id` is one) or slug. */
export async function findModpackCandidate(db: Executor, id: number | undefined, slug: string): Promise<{ id: number; status: string; declaredType: string } | undefined> {
  const columns = { id: projects.id, status: projects.status, declaredType: projects.declaredType };
  const byId = id === undefined ? undefined : (await db.select(columns).from(projects).where(eq(projects.id, id)))[0];
  return byId ?? (await db.select(columns).from(projects).where(eq(sql`lower(${projects.slug})`, slug.toLowerCase())))[0];
}

export interface ListingFilters {
  query?: string | undefined;
  gameVersion?: string | undefined;
  modpackId?: number | undefined;
  region?: string | undefined;
  minPlayers?: number | undefined;
}

/** `%text%` for ILIKE with the pattern characters escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of a search; `except` leaves one facet's own filter out (its counts show the other choices). */
function searchCondition(filters: ListingFilters, except?: 'gameVersion' | 'modpack' | 'region' | 'players'): SQL {
  const parts: SQL[] = [publicCondition()];
  const text = filters.query?.trim();
  if (text) parts.push(or(ilike(serverListings.name, contains(text)), ilike(serverListings.summary, contains(text)), ilike(serverListings.host, contains(text)))!);
  if (filters.gameVersion !== undefined && except !== 'gameVersion') parts.push(eq(serverListings.gameVersion, filters.gameVersion));
  if (filters.modpackId !== undefined && except !== 'modpack') parts.push(eq(serverListings.modpackId, filters.modpackId));
  if (filters.region !== undefined && except !== 'region') parts.push(eq(serverListings.region, filters.region));
  if (filters.minPlayers !== undefined && filters.minPlayers > 0 && except !== 'players') parts.push(gte(serverListings.playersOnline, filters.minPlayers));
  return and(...parts)!;
}

const ORDER = {
  players: [sql`${serverListings.playersOnline} desc nulls last`, desc(serverListings.created)],
  newest: [desc(serverListings.created)],
  name: [asc(sql`lower(${serverListings.name})`)],
} as const;

/** One page of public listings matching `filters`, and how many match in all. */
export async function searchListings(db: Executor, filters: ListingFilters, page: { sort: keyof typeof ORDER; offset: number; limit: number }): Promise<{ rows: ListingView[]; total: number }> {
  const where = searchCondition(filters);
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(...ORDER[page.sort], asc(serverListings.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(serverListings).where(where);
  return { rows, total };
}

/** Facet counts of a search: each facet counted with the other facets' filters applied, not its own. */
export async function facetCounts(db: Executor, filters: ListingFilters, playerBuckets: readonly number[]) {
  const gameVersion = await db
    .select({ value: serverListings.gameVersion, count: count() })
    .from(serverListings)
    .where(searchCondition(filters, 'gameVersion'))
    .groupBy(serverListings.gameVersion)
    .orderBy(desc(count()), desc(serverListings.gameVersion))
    .limit(50);
  const region = await db
    .select({ value: serverListings.region, count: count() })
    .from(serverListings)
    .where(and(searchCondition(filters, 'region'), sql`${serverListings.region} is not null`))
    .groupBy(serverListings.region)
    .orderBy(desc(count()));
  const modpack = await db
    .select({ id: projects.id, title: projects.title, count: count() })
    .from(serverListings)
    .innerJoin(projects, eq(projects.id, serverListings.modpackId))
    .where(searchCondition(filters, 'modpack'))
    .groupBy(projects.id, projects.title)
    .orderBy(desc(count()), asc(projects.title))
    .limit(50);
  const playersWhere = searchCondition(filters, 'players');
  const [bucketRow] = await db
    .select(Object.fromEntries(playerBuckets.map((min) => [`b${min}`, sql<number>`count(*) filter (where ${serverListings.playersOnline} >= ${min})`.mapWith(Number)])))
    .from(serverListings)
    .where(playersWhere);
  const players = playerBuckets.map((min) => ({ min, count: Number((bucketRow as Record<string, number> | undefined)?.[`b${min}`] ?? 0) }));
  return { gameVersion, region: region.flatMap((row) => (row.value === null ? [] : [{ value: row.value, count: row.count }])), modpack, players };
}
