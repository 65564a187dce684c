import { hasPermission, USER_BADGES } from '@cairn/shared/constants/permissions';
import {
  COLLECTION_LIMIT,
  PLUS_COLLECTION_LIMIT,
  type Collection,
  type CollectionLimits,
  type CreateCollectionBody,
  type ModifyCollectionBody,
} from '@cairn/shared/schemas/collections';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { processIcon } from '../../lib/images.js';
import { MAX_ICON_BYTES } from '../../lib/multipart-upload.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import { canManageCollection, canSeeCollection, canSetCollectionStatus } from '../access/collection.policy.js';
import { listProjectAccess, listProjectAccessByIdOrSlug } from '../access/project.policy.js';
import { hasNoOwnershipLimits } from '../access/staff.policy.js';
import { toCollection } from './collections.mapper.js';
import * as repo from './collections.repository.js';

export interface CollectionsServiceDeps {
  db: Database;
  files: FileStore;
  /** Base URL of stored images. */
  cdnUrl: string;
}

interface Loaded {
  row: repo.CollectionRow;
  projectIds: number[];
}

/** How many collections the actor may own: admins any number, Plus subscribers more (a perk). */
function collectionLimit(actor: Actor, badges: number): number | null {
  if (hasNoOwnershipLimits(actor)) return null;
  return hasPermission(badges, USER_BADGES.PLUS) ? PLUS_COLLECTION_LIMIT : COLLECTION_LIMIT;
}

export function createCollectionsService(deps: CollectionsServiceDeps) {
  const { db, files, cdnUrl } = deps;

  async function load(executor: Executor, ids: readonly number[]): Promise<Loaded[]> {
    const rows = await repo.listCollections(executor, ids);
    const projects = await repo.listProjectIdsOf(executor, rows.map((r) => r.id));
    return rows.map((row) => ({ row, projectIds: projects.get(row.id) ?? [] }));
  }

  /** Wire objects listing only the projects the caller may see, in the order of `loaded`. */
  async function present(actor: Actor | null, loaded: readonly Loaded[]): Promise<Collection[]> {
    const allIds = [...new Set(loaded.flatMap((c) => c.projectIds))];
    const visible = new Set((await listProjectAccess(db, actor, allIds)).filter((a) => a.visible).map((a) => a.project.id));
    return loaded.map((c) => toCollection(c.row, c.projectIds.filter((id) => visible.has(id)), cdnUrl));
  }

  /** The collection if the caller may see it; 404 as if missing otherwise. */
  async function requireVisible(actor: Actor | null, idText: string): Promise<Loaded> {
    const id = parseId(idText);
    const [found] = id === undefined ? [] : await load(db, [id]);
    if (!found || !canSeeCollection(actor, found.row, found.projectIds.length)) throw notFound('The collection does not exist or is private');
    return found;
  }

  async function requireManageable(actor: Actor, idText: string, action: string): Promise<Loaded> {
    const found = await requireVisible(actor, idText);
    if (!canManageCollection(actor, found.row)) throw unauthorized(`You don't have permission to ${action} this collection`);
    return found;
  }

  /** Project ids for ids or slugs the caller can see; any other is named in a 400. */
  async function resolveProjects(actor: Actor, field: string, texts: readonly string[]): Promise<number[]> {
    const accesses = (await listProjectAccessByIdOrSlug(db, actor, texts)).filter((a) => a.visible);
    const byText = new Map<string, number>();
    for (const a of accesses) {
      byText.set(encodeBase62(a.project.id), a.project.id);
      byText.set(a.project.slug.toLowerCase(), a.project.id);
    }
    const ids: number[] = [];
    for (const text of texts) {
      const id = byText.get(text) ?? byText.get(text.toLowerCase());
      if (id === undefined) throw badRequest(`Invalid body '${field}': there is no project '${text}'`);
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  const discardBlobs = (keys: Iterable<string | null | undefined>) => deleteUnreferencedBlobs(db, files, keys);

  return {
    async createCollection(actor: Actor, input: CreateCollectionBody): Promise<Collection> {
      const owner = await repo.findUser(db, encodeBase62(actor.userId), actor.userId);
      if (!owner?.emailVerified) throw badRequest('Verify your email address before creating collections', 'email_unverified');
      const limit = collectionLimit(actor, owner.badges);
      if (limit !== null && (await repo.countCollectionsOfUser(db, actor.userId)) >= limit) {
        throw badRequest(`You have reached the limit of ${limit} collections`, 'limit_reached');
      }
      const projectIds = await resolveProjects(actor, 'projects', input.projects ?? []);
      const id = await db.transaction(async (tx) => {
        const created = await repo.insertCollection(tx, { userId: actor.userId, name: input.name.trim(), description: input.description?.trim() ?? null });
        await repo.replaceCollectionProjects(tx, created, projectIds);
        return created;
      });
      const [collection] = await present(actor, await load(db, [id]));
      return collection!;
    },

    async getCollection(actor: Actor | null, id: string): Promise<Collection> {
      const [collection] = await present(actor, [await requireVisible(actor, id)]);
      return collection!;
    },

    /** The visible ones among `ids`, in the order asked; unknown and hidden ones left out. */
    async getCollections(actor: Actor | null, ids: readonly string[]): Promise<Collection[]> {
      const numeric = [...new Set(ids.map(parseId).filter((id): id is number => id !== undefined))];
      const order = new Map(numeric.map((id, i) => [id, i]));
      const loaded = (await load(db, numeric))
        .filter((c) => canSeeCollection(actor, c.row, c.projectIds.length))
        .sort((a, b) => order.get(a.row.id)! - order.get(b.row.id)!);
      return present(actor, loaded);
    },

    /** A user's collections: all of them for the user and moderators, the visible ones for others. */
    async getUserCollections(actor: Actor | null, userText: string): Promise<Collection[]> {
      const user = await repo.findUser(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      const rows = await repo.listCollectionsOfUser(db, user.id);
      const projects = await repo.listProjectIdsOf(db, rows.map((r) => r.id));
      const loaded = rows.map((row) => ({ row, projectIds: projects.get(row.id) ?? [] })).filter((c) => canSeeCollection(actor, c.row, c.projectIds.length));
      return present(actor, loaded);
    },

    async modifyCollection(actor: Actor, id: string, changes: ModifyCollectionBody): Promise<void> {
      const { row } = await requireManageable(actor, id, 'edit');
      if (changes.status !== undefined && changes.status !== row.status && !canSetCollectionStatus(actor, row.status, changes.status)) {
        throw unauthorized(
          row.status === 'rejected'
            ? "Invalid body 'status': a rejected collection's status can only be changed by a moderator"
            : `Invalid body 'status': only moderators may set '${changes.status}'`,
        );
      }
      const projectIds = changes.new_projects === undefined ? undefined : await resolveProjects(actor, 'new_projects', changes.new_projects);
      await db.transaction(async (tx) => {
        await repo.updateCollection(tx, row.id, {
          name: changes.name?.trim(),
          description: changes.description === undefined ? undefined : (changes.description?.trim() ?? null),
          status: changes.status,
        });
        if (projectIds) await repo.replaceCollectionProjects(tx, row.id, projectIds);
      });
    },

    async changeIcon(actor: Actor, id: string, data: Buffer): Promise<void> {
      const { row } = await requireManageable(actor, id, "change the icon of");
      if (data.length > MAX_ICON_BYTES) throw badRequest(`The icon is larger than the limit of ${MAX_ICON_BYTES} bytes`, 'invalid_image');
      const processed = await processIcon(data, 'icon');
      const raw = await files.put(processed.original.data, { maxBytes: MAX_ICON_BYTES, extension: processed.original.extension });
      const resized = await files.put(processed.resized.data, { maxBytes: MAX_ICON_BYTES, extension: processed.resized.extension });
      try {
        await db.transaction((tx) => repo.updateCollection(tx, row.id, { iconKey: resized.key, rawIconKey: raw.key, color: processed.color }));
      } catch (error) {
        await discardBlobs([raw.key, resized.key]);
        throw error;
      }
      await discardBlobs([row.iconKey, row.rawIconKey]);
    },

    async deleteIcon(actor: Actor, id: string): Promise<void> {
      const { row } = await requireManageable(actor, id, 'remove the icon of');
      await db.transaction((tx) => repo.updateCollection(tx, row.id, { iconKey: null, rawIconKey: null, color: null }));
      await discardBlobs([row.iconKey, row.rawIconKey]);
    },

    async deleteCollection(actor: Actor, id: string): Promise<void> {
      const { row } = await requireManageable(actor, id, 'delete');
      await db.transaction((tx) => repo.deleteCollection(tx, row.id));
      await discardBlobs([row.iconKey, row.rawIconKey]);
    },

    async getCollectionLimits(actor: Actor): Promise<CollectionLimits> {
      const owner = await repo.findUser(db, encodeBase62(actor.userId), actor.userId);
      return { current: await repo.countCollectionsOfUser(db, actor.userId), max: collectionLimit(actor, owner?.badges ?? 0) };
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
