import { asc, desc, eq, sql, and, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories, donationPlatforms, gameVersions, licenses, loaders, projectTypes, reportTypes } from '../../db/schema/tags.js';

export function listCategories(db: Executor) {
  return db
    .select({ name: categories.name, projectType: categories.projectType, header: categories.header, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.projectType), asc(categories.header), asc(categories.name));
}

export function listLoaders(db: Executor) {
  return db
    .select({
      name: loaders.name,
      icon: loaders.icon,
      supportedProjectTypes: loaders.supportedProjectTypes,
      loaderGroup: loaders.loaderGroup,
      hidden: loaders.hidden,
    })
    .from(loaders)
    .orderBy(asc(loaders.name));
}

export function listGameVersions(db: Executor, filter: { type?: string; major?: boolean }) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(gameVersions.versionType, filter.type));
  if (filter.major !== undefined) conditions.push(eq(gameVersions.major, filter.major));
  return db
    .select({ version: gameVersions.version, versionType: gameVersions.versionType, date: gameVersions.date, major: gameVersions.major })
    .from(gameVersions)
    .where(conditions.length ? and(...conditions) : undefined)
    // Explicitly ordered versions first (ascending), then the rest newest to oldest.
    .orderBy(sql`${gameVersions.ordering} asc nulls last`, desc(gameVersions.date), desc(gameVersions.id));
}

export function listLicenses(db: Executor) {
  return db.select({ id: licenses.id, name: licenses.name }).from(licenses).orderBy(asc(licenses.id));
}

export async function findLicense(db: Executor, id: string) {
  const rows = await db
    .select({ id: licenses.id, name: licenses.name, text: licenses.text })
    .from(licenses)
    .where(sql`lower(${licenses.id}) = lower(${id})`)
    .limit(1);
  return rows[0];
}

export function listDonationPlatforms(db: Executor) {
  return db.select({ short: donationPlatforms.short, name: donationPlatforms.name }).from(donationPlatforms).orderBy(asc(donationPlatforms.ordering));
}

export async function listReportTypeNames(db: Executor): Promise<string[]> {
  const rows = await db.select({ name: reportTypes.name }).from(reportTypes).orderBy(asc(reportTypes.ordering));
  return rows.map((r) => r.name);
}

export async function listProjectTypeNames(db: Executor): Promise<string[]> {
  const rows = await db.select({ name: projectTypes.name }).from(projectTypes).orderBy(asc(projectTypes.ordering));
  return rows.map((r) => r.name);
}
