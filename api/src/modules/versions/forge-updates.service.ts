import type { ForgeUpdates, ForgeUpdatesQuery } from '@cairn/shared/schemas/statistics';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { findProjectAccess } from '../access/project.policy.js';
import { visibleVersionsCondition } from '../access/version.policy.js';
import * as repo from './versions.repository.js';

const LOADERS_FOR: Record<ForgeUpdatesQuery['neoforge'], string[]> = {
  none: ['forge'],
  include: ['forge', 'neoforge'],
  only: ['neoforge'],
};

/**
 * The update file Forge's update checker polls (`updateJSONURL` in mods.toml): for each game
 * version, the newest listed version (`-latest`) and the newest release (`-recommended`).
 */
export function createForgeUpdatesService(deps: { db: Database; publicSiteUrl: string }) {
  const { db, publicSiteUrl } = deps;
  return {
    async getForgeUpdates(actor: Actor | null, projectText: string, neoforge: ForgeUpdatesQuery['neoforge']): Promise<ForgeUpdates> {
      const access = await findProjectAccess(db, actor, projectText);
      // The update checker's contract answers 400 for a project it cannot use, hidden or absent alike.
      if (!access?.visible) throw badRequest(`No project '${projectText}'`);
      const rows = await repo.listProjectVersionRows(db, access.project.id, {
        loaders: LOADERS_FOR[neoforge],
        // The update checker asks anonymously: it sees what everyone sees.
        visible: (status) => visibleVersionsCondition(null, access, status),
        listedOnly: true,
        offset: 0,
      });
      rows.sort((a, b) => b.datePublished.getTime() - a.datePublished.getTime() || b.id - a.id);
      const promos: Record<string, string> = {};
      for (const row of rows) {
        for (const gameVersion of row.gameVersions) {
          promos[`${gameVersion}-latest`] ??= row.versionNumber;
          if (row.versionType === 'release') promos[`${gameVersion}-recommended`] ??= row.versionNumber;
        }
      }
      return { homepage: `${publicSiteUrl}/mod/${access.project.slug}`, promos };
    },
  };
}

export type ForgeUpdatesService = ReturnType<typeof createForgeUpdatesService>;
