import { AVATAR_MAX_BYTES, type ModifyUserBody } from '@cairn/shared/schemas/users';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { processIcon } from '../../lib/images.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import * as repo from './users.repository.js';
import { deleteAccount } from './account-deletion.js';
import type { UserView } from './users.mapper.js';
import { canChangeRolesAndBadges, canDeleteUser, canEditUser, canLookUpUsersByEmail, isAdminAccount, userVisibility } from '../access/user.policy.js';

export interface UsersServiceDeps {
  db: Database;
  files: FileStore;
  /** Public base URL of uploaded images. */
  cdnUrl: string;
}

export interface ViewedUser {
  row: repo.UserRow;
  view: UserView;
  providers: string[];
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db, files, cdnUrl } = deps;

  async function withViews(actor: Actor | null, rows: repo.UserRow[]): Promise<ViewedUser[]> {
    const views = rows.map((row) => userVisibility(actor, row));
    const providers = await repo.listProviderNames(db, rows.filter((_, i) => views[i]!.full).map((r) => r.id));
    return rows.map((row, i) => ({ row, view: views[i]!, providers: providers.get(row.id) ?? [] }));
  }

  async function findTarget(identifier: string): Promise<repo.UserRow> {
    const row = await repo.findUserByIdOrUsername(db, identifier, parseId(identifier));
    if (!row) throw notFound('No user with this id or username');
    return row;
  }

  function assertCanEdit(actor: Actor, target: repo.UserRow): void {
    if (!canEditUser(actor, target)) throw unauthorized("You don't have permission to edit this user.");
  }

  return {
    async getSelf(actor: Actor): Promise<ViewedUser> {
      const row = await repo.findUserById(db, actor.userId);
      if (!row) throw unauthorized('The account of this token no longer exists.');
      return (await withViews(actor, [row]))[0]!;
    },

    async getUser(actor: Actor | null, identifier: string): Promise<ViewedUser> {
      return (await withViews(actor, [await findTarget(identifier)]))[0]!;
    },

    /** Admins look an account up by its email address (support requests). */
    async getUserByEmail(actor: Actor, email: string): Promise<ViewedUser> {
      if (!canLookUpUsersByEmail(actor)) throw unauthorized('Only administrators may look users up by email.');
      const row = await repo.findUserByEmail(db, email);
      if (!row) throw notFound('No user has this email address');
      return (await withViews(actor, [row]))[0]!;
    },

    /** Unknown ids and usernames are left out. */
    async getUsers(actor: Actor | null, identifiers: string[]): Promise<ViewedUser[]> {
      const ids = identifiers.map(parseId).filter((id): id is number => id !== undefined);
      const rows = await repo.listUsersByIdsOrUsernames(db, ids, identifiers);
      return withViews(actor, rows);
    },

    async modifyUser(actor: Actor, identifier: string, patch: ModifyUserBody): Promise<void> {
      const target = await findTarget(identifier);
      assertCanEdit(actor, target);
      if ((patch.role !== undefined || patch.badges !== undefined) && !canChangeRolesAndBadges(actor)) {
        throw unauthorized('Only admins can change roles and badges.');
      }
      const changes: repo.UserPatch = {};
      if (patch.bio !== undefined) changes.bio = patch.bio?.trim() ? patch.bio : null;
      if (patch.badges !== undefined) changes.badges = patch.badges;
      if (patch.username !== undefined && patch.username !== target.username) {
        if (await repo.isUsernameTaken(db, patch.username, target.id)) throw badRequest('That username is taken.', 'username_taken');
        changes.username = patch.username;
      }
      await db.transaction(async (tx) => {
        if (patch.role !== undefined && patch.role !== target.role) {
          if (isAdminAccount(target) && (await repo.countAdmins(tx)) <= 1) {
            throw badRequest('This is the only admin; make someone else admin first.');
          }
          changes.role = patch.role;
        }
        try {
          await repo.updateUser(tx, target.id, changes);
        } catch (error) {
          if (isUniqueViolation(error, 'users_username_lower_idx')) throw badRequest('That username is taken.', 'username_taken');
          throw error;
        }
      });
    },

    /** Stores the upload and a 96 px copy; the profile shows the copy. */
    async changeIcon(actor: Actor, identifier: string, data: Buffer): Promise<void> {
      const target = await findTarget(identifier);
      assertCanEdit(actor, target);
      const icon = await processIcon(data, 'icon');
      const original = await files.put(icon.original.data, { maxBytes: AVATAR_MAX_BYTES, extension: icon.original.extension });
      const resized = await files.put(icon.resized.data, { maxBytes: AVATAR_MAX_BYTES, extension: icon.resized.extension });
      await repo.updateUser(db, target.id, { avatarUrl: `${cdnUrl}/${resized.key}`, rawAvatarUrl: `${cdnUrl}/${original.key}` });
    },

    async deleteIcon(actor: Actor, identifier: string): Promise<void> {
      const target = await findTarget(identifier);
      assertCanEdit(actor, target);
      // Blobs are shared by content, so the files stay; only the profile forgets them.
      await repo.updateUser(db, target.id, { avatarUrl: null, rawAvatarUrl: null });
    },

    /** Self or admin. Answers whether the caller deleted their own account. */
    async deleteUser(actor: Actor, identifier: string): Promise<{ self: boolean }> {
      const target = await findTarget(identifier);
      if (!canDeleteUser(actor, target)) throw unauthorized("You don't have permission to delete this user.");
      await db.transaction(async (tx) => {
        if (isAdminAccount(target) && (await repo.countAdmins(tx)) <= 1) {
          throw badRequest('This is the only admin account; make someone else admin before deleting it.');
        }
        await deleteAccount(tx, target.id);
      });
      return { self: actor.userId === target.id };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
