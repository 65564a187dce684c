import { createRequire } from 'node:module';
import { sql, type Table } from 'drizzle-orm';
import { PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import { LOADERS } from '@cairn/shared/constants/loaders';
import { CATEGORIES } from '@cairn/shared/constants/categories';
import { DONATION_PLATFORMS } from '@cairn/shared/constants/donation-platforms';
import { REPORT_TYPES } from '@cairn/shared/constants/report-types';
import type { Executor } from '../client.js';
import { categories, donationPlatforms, gameVersions, licenses, loaders, projectTypes, reportTypes } from '../schema/tags.js';
import type { Logger } from '../../embedded/process-utils.js';
import { seedBillingProducts } from './billing-products.js';
import gameVersionData from '../seed-data/game-versions.json' with { type: 'json' };

interface GameVersionRecord {
  version: string;
  version_type: string;
  date: string;
  major: boolean;
}

interface SpdxEntry {
  name: string;
  osiApproved: boolean;
  licenseText: string;
}

async function isEmpty(db: Executor, table: Table): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(table).limit(1);
  return rows.length === 0;
}

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The real release history shipped with Cairn (see seed-data/README.md). */
export const GAME_VERSION_DATA: readonly GameVersionRecord[] = gameVersionData as GameVersionRecord[];

/**
 * Fills the reference tables (project types, loaders, categories, game versions, licenses,
 * donation platforms, report types) — each only when it is empty, so admins' later edits stay.
 */
export async function seedReferenceData(db: Executor, log: Logger): Promise<void> {
  const seeded: string[] = [];
  await db.transaction(async (tx) => {
    if (await isEmpty(tx, projectTypes)) {
      await tx.insert(projectTypes).values(PROJECT_TYPES.map((name, ordering) => ({ name, ordering })));
      seeded.push('project types');
    }
    if (await isEmpty(tx, loaders)) {
      await tx.insert(loaders).values(
        LOADERS.map((l) => ({
          name: l.name,
          icon: l.icon,
          supportedProjectTypes: [...l.supportedProjectTypes],
          loaderGroup: l.group,
          hidden: l.hidden,
          metadata: { platform: l.platform },
        })),
      );
      seeded.push('loaders');
    }
    if (await isEmpty(tx, categories)) {
      await tx.insert(categories).values(
        CATEGORIES.map((c) => ({ name: c.name, projectType: c.projectType, header: c.header, icon: c.icon })),
      );
      seeded.push('categories');
    }
    if (await isEmpty(tx, gameVersions)) {
      const versions = [...GAME_VERSION_DATA];
      await insertInChunks(versions, 1000, (chunk) =>
        tx.insert(gameVersions).values(
          chunk.map((v) => ({ version: v.version, versionType: v.version_type, date: new Date(v.date), major: v.major })),
        ),
      );
      seeded.push(`${versions.length} game versions`);
    }
    if (await isEmpty(tx, licenses)) {
      const spdx = createRequire(import.meta.url)('spdx-license-list/full') as Record<string, SpdxEntry>;
      const rows = Object.entries(spdx).map(([id, l]) => ({ id, name: l.name, osiApproved: l.osiApproved, text: l.licenseText }));
      await insertInChunks(rows, 200, (chunk) => tx.insert(licenses).values(chunk));
      seeded.push(`${rows.length} licenses`);
    }
    if (await isEmpty(tx, donationPlatforms)) {
      await tx.insert(donationPlatforms).values(DONATION_PLATFORMS.map((p, ordering) => ({ short: p.short, name: p.name, ordering })));
      seeded.push('donation platforms');
    }
    if (await isEmpty(tx, reportTypes)) {
      await tx.insert(reportTypes).values(REPORT_TYPES.map((name, ordering) => ({ name, ordering })));
      seeded.push('report types');
    }
    await seedBillingProducts(tx);
  });
  if (seeded.length) log.info(`Seeded reference data: ${seeded.join(', ')}.`);
}
