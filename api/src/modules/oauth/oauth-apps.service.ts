import type { CreateOAuthClientBody, EditOAuthClientBody } from '@cairn/shared/schemas/oauth';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { canListUserOAuthApps, canManageOAuthApp } from '../access/oauth-app.policy.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { processIcon } from '../../lib/images.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { generateClientSecret, hashToken } from '../../lib/tokens.js';
import * as repo from './oauth.repository.js';

/** An app with its redirect URIs, as the mapper turns into the wire object. */
export interface AppView {
  client: repo.ClientRow;
  redirectUris: repo.RedirectUriRow[];
}

async function withRedirectUris(db: Executor, clients: repo.ClientRow[]): Promise<AppView[]> {
  const uris = await repo.listRedirectUris(
    db,
    clients.map((client) => client.id),
  );
  return clients.map((client) => ({ client, redirectUris: uris.filter((uri) => uri.clientId === client.id) }));
}

/** Largest icon upload. */
export const ICON_MAX_BYTES = 256 * 1024;

export function createOAuthAppsService(deps: { db: Database; files: FileStore }) {
  const { db, files } = deps;

  async function findApp(executor: Executor, idText: string): Promise<repo.ClientRow> {
    const id = parseId(idText);
    const client = id === undefined ? undefined : await repo.findClient(executor, id);
    if (!client) throw notFound();
    return client;
  }

  /** Only the app's creator and moderators manage it. */
  async function findManagedApp(executor: Executor, actor: Actor, idText: string): Promise<repo.ClientRow> {
    const client = await findApp(executor, idText);
    if (!canManageOAuthApp(actor, client)) throw unauthorized('You may only manage your own applications');
    return client;
  }

  async function view(executor: Executor, client: repo.ClientRow): Promise<AppView> {
    return (await withRedirectUris(executor, [client]))[0]!;
  }

  return {
    /** Registers an app; the secret is returned this once and only its hash is kept. */
    async createApp(actor: Actor, input: CreateOAuthClientBody): Promise<{ app: AppView; secret: string }> {
      const secret = generateClientSecret();
      return db.transaction(async (tx) => {
        const client = await repo.insertClient(tx, {
          id: Number(randomId()),
          name: input.name,
          maxScopes: input.max_scopes,
          secretHash: hashToken(secret),
          createdBy: actor.userId,
          url: input.url ?? null,
          description: input.description ?? null,
        });
        await repo.replaceRedirectUris(tx, client.id, input.redirect_uris);
        return { app: await view(tx, client), secret };
      });
    },

    async getApp(idText: string): Promise<AppView> {
      return view(db, await findApp(db, idText));
    },

    /** Unknown ids are left out. */
    async getApps(idTexts: string[]): Promise<AppView[]> {
      const ids = [...new Set(idTexts.map(parseId).filter((id): id is number => id !== undefined))];
      return withRedirectUris(db, await repo.listClientsByIds(db, ids));
    },

    /** A user's apps: for themselves and moderators. */
    async listUserApps(actor: Actor, userRef: string): Promise<AppView[]> {
      const userId = await repo.findUserId(db, { id: parseId(userRef), username: userRef });
      if (userId === undefined) throw notFound();
      if (!canListUserOAuthApps(actor, userId)) throw unauthorized("You may not see another user's applications");
      return withRedirectUris(db, await repo.listClientsOfUser(db, userId));
    },

    async editApp(actor: Actor, idText: string, input: EditOAuthClientBody): Promise<void> {
      await db.transaction(async (tx) => {
        const client = await findManagedApp(tx, actor, idText);
        await repo.updateClient(tx, client.id, {
          name: input.name,
          maxScopes: input.max_scopes,
          url: input.url,
          description: input.description,
        });
        if (input.redirect_uris) await repo.replaceRedirectUris(tx, client.id, input.redirect_uris);
        if (input.max_scopes !== undefined) await repo.clampGrantsToScopes(tx, client.id, input.max_scopes);
      });
    },

    /**
     * Sets the app's icon from an uploaded PNG, JPEG, GIF or WebP (the format is read from the
     * bytes): the original is kept and a 96 px copy is what `icon_url` shows.
     */
    async setIcon(actor: Actor, idText: string, data: Buffer): Promise<void> {
      const client = await findManagedApp(db, actor, idText);
      const icon = await processIcon(data);
      const resized = await files.put(icon.resized.data, { maxBytes: ICON_MAX_BYTES, extension: icon.resized.extension });
      const original = await files.put(icon.original.data, { maxBytes: ICON_MAX_BYTES, extension: icon.original.extension });
      await repo.updateClient(db, client.id, { iconKey: resized.key, rawIconKey: original.key });
    },

    // Blobs are content-addressed and may be shared, so replaced or removed icons stay in the store.
    async deleteIcon(actor: Actor, idText: string): Promise<void> {
      const client = await findManagedApp(db, actor, idText);
      await repo.updateClient(db, client.id, { iconKey: null, rawIconKey: null });
    },

    /** Deletes the app; every authorization and token it holds goes with it. */
    async deleteApp(actor: Actor, idText: string): Promise<void> {
      const client = await findManagedApp(db, actor, idText);
      await repo.deleteClient(db, client.id);
    },
  };
}

export type OAuthAppsService = ReturnType<typeof createOAuthAppsService>;
