import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The catalogue: projects, their teams, versions and files, follows, download de-duplication
 * and the search change outbox. Wire objects (v2 Project, Version, TeamMember) are built from
 * these rows by the mappers; aggregates a project shows (loaders, game versions, project
 * type, environments) are computed from its versions, never stored twice.
 */

const id = () => bigint({ mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A group of users owning a project or an organization. */
export const teams = pgTable('teams', {
  id: id().primaryKey(),
  created: created(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: id()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Free text shown on the team ("Member", "Artist"…); v2 shows "Owner" for the owner. */
    role: text().notNull().default('Member'),
    isOwner: boolean().notNull().default(false),
    /** Project permission bits (`PROJECT_PERMISSIONS`). */
    permissions: integer().notNull().default(0),
    /** Organization permission bits, only on organization teams. */
    organizationPermissions: integer(),
    /** False while the invitation is pending. */
    accepted: boolean().notNull().default(false),
    /** Share of the project's revenue relative to the other members' splits (0–5000). */
    payoutsSplit: integer().notNull().default(0),
    ordering: integer().notNull().default(0),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
    uniqueIndex('team_members_one_owner_idx').on(t.teamId).where(sql`${t.isOwner}`),
  ],
);

export const organizations = pgTable(
  'organizations',
  {
    id: id().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    /** FileStore keys of the 96 px icon and the original upload. */
    iconKey: text(),
    rawIconKey: text(),
    color: integer(),
    teamId: id()
      .notNull()
      .references(() => teams.id),
    created: created(),
  },
  (t) => [uniqueIndex('organizations_slug_lower_idx').on(sql`lower(${t.slug})`), uniqueIndex('organizations_team_idx').on(t.teamId)],
);

export const projects = pgTable(
  'projects',
  {
    id: id().primaryKey(),
    /** Unique case-insensitively, and never equal to another project's base62 id. */
    slug: text().notNull(),
    teamId: id()
      .notNull()
      .references(() => teams.id),
    organizationId: id().references(() => organizations.id, { onDelete: 'set null' }),
    /** v2 `title`. */
    title: text().notNull(),
    /** v2 `description` (the short summary). */
    summary: text().notNull(),
    /** v2 `body` (markdown). */
    body: text().notNull().default(''),
    /**
     * Type declared at creation (`mod` or `modpack`); the shown type is derived from the
     * versions' project types once there are versions.
     */
    declaredType: text().notNull().default('mod'),
    status: text().notNull(),
    requestedStatus: text(),
    /** While `scheduled`: when the project takes its requested status. */
    scheduledFor: timestamp({ withTimezone: true }),
    moderationMessage: text(),
    moderationMessageBody: text(),
    /** SPDX id or a `LicenseRef-…` custom id. */
    licenseId: text().notNull(),
    licenseUrl: text(),
    published: created(),
    /** Last change that matters to users (new version, edit). */
    updated: created(),
    /** First time the project entered an approved-like status. */
    approved: timestamp({ withTimezone: true }),
    /** Last time it was submitted for review. */
    queued: timestamp({ withTimezone: true }),
    downloads: bigint({ mode: 'number' }).notNull().default(0),
    followers: integer().notNull().default(0),
    /** FileStore keys of the 96 px icon and the original upload. */
    iconKey: text(),
    rawIconKey: text(),
    /** Dominant colour of the icon (24-bit RGB). */
    color: integer(),
    monetizationStatus: text().notNull().default('monetized'),
    /**
     * Client / server side types given at creation or by PATCH: what a project without
     * versions shows, and the environment new versions inherit.
     */
    clientSide: text().notNull().default('unknown'),
    serverSide: text().notNull().default('unknown'),
    /** Language (BCP 47, one of the offered ones) of `summary`, `body` and the versions' changelogs. */
    originalLanguage: text().notNull().default('en-US'),
  },
  (t) => [
    uniqueIndex('projects_slug_lower_idx').on(sql`lower(${t.slug})`),
    index('projects_team_idx').on(t.teamId),
    index('projects_organization_idx').on(t.organizationId),
    index('projects_status_idx').on(t.status),
    check('projects_followers_nonnegative', sql`${t.followers} >= 0`),
  ],
);

/** Primary (`additional = false`, at most 3) and additional categories, by category name. */
export const projectCategories = pgTable(
  'project_categories',
  {
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    category: text().notNull(),
    additional: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.category] }), index('project_categories_category_idx').on(t.category)],
);

/**
 * External links keyed by platform: `issues`, `source`, `wiki`, `discord` and the donation
 * platforms (`patreon`, `ko-fi`…), at most one link each.
 */
export const projectLinks = pgTable(
  'project_links',
  {
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    donation: boolean().notNull(),
    url: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.platform] })],
);

export const projectGalleryImages = pgTable(
  'project_gallery_images',
  {
    id: serial().primaryKey(),
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** FileStore key of the 350 px WebP shown as `url`. */
    imageKey: text().notNull(),
    /** FileStore key of the original upload (`raw_url`). */
    rawImageKey: text().notNull(),
    featured: boolean().notNull().default(false),
    title: text(),
    description: text(),
    ordering: integer().notNull().default(0),
    created: created(),
  },
  (t) => [uniqueIndex('project_gallery_images_key_idx').on(t.projectId, t.imageKey)],
);

export const projectFollows = pgTable(
  'project_follows',
  {
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /**
     * The follow's filter (docs/api/catalogue.md, "Filtered follows"): a new version is
     * announced to this follower only when it shares a loader with `loaders` and a game version
     * with `gameVersions`; an empty list narrows nothing.
     */
    loaders: text().array().notNull().default(sql`'{}'::text[]`),
    gameVersions: text().array().notNull().default(sql`'{}'::text[]`),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('project_follows_project_idx').on(t.projectId)],
);

export const versions = pgTable(
  'versions',
  {
    id: id().primaryKey(),
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: id()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    versionNumber: text().notNull(),
    changelog: text().notNull().default(''),
    /** Release channel: `release`, `beta` or `alpha`. */
    versionType: text().notNull(),
    /** `listed`, `archived`, `draft`, `unlisted`, `scheduled` or `unknown`. */
    status: text().notNull().default('listed'),
    requestedStatus: text(),
    /** While `scheduled`: when the version takes its requested status. */
    scheduledFor: timestamp({ withTimezone: true }),
    featured: boolean().notNull().default(false),
    datePublished: created(),
    downloads: bigint({ mode: 'number' }).notNull().default(0),
    /** Explicit position (ascending, before unordered versions); null = by publication date. */
    ordering: integer(),
    /** Loader names as v2 shows them (for a modpack, the loaders the pack runs on). */
    loaders: text().array().notNull(),
    gameVersions: text().array().notNull(),
    /** v2 `environment` value (`client_and_server`, `client_only`… or `unknown`). */
    environment: text().notNull().default('unknown'),
    /**
     * Every project type this version counts as (`mod`, `plugin`, `datapack`, `modpack`,
     * `resourcepack`, `shader`), derived from its loaders and files at upload.
     */
    projectTypes: text().array().notNull(),
  },
  (t) => [
    index('versions_project_idx').on(t.projectId, t.datePublished),
    index('versions_author_idx').on(t.authorId),
    index('versions_loaders_idx').using('gin', t.loaders),
    index('versions_game_versions_idx').using('gin', t.gameVersions),
  ],
);

export const versionFiles = pgTable(
  'version_files',
  {
    id: id().primaryKey(),
    versionId: id()
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    /** FileStore key of the bytes (content address). */
    blobKey: text().notNull(),
    filename: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha1: text().notNull(),
    sha512: text().notNull(),
    primary: boolean().notNull().default(false),
    /** `required-resource-pack`, `sources-jar`… or null. */
    fileType: text(),
  },
  (t) => [
    index('version_files_version_idx').on(t.versionId),
    index('version_files_sha1_idx').on(t.sha1),
    index('version_files_sha512_idx').on(t.sha512),
    uniqueIndex('version_files_filename_idx').on(t.versionId, t.filename),
  ],
);

export const versionDependencies = pgTable(
  'version_dependencies',
  {
    id: serial().primaryKey(),
    versionId: id()
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    dependencyVersionId: id().references(() => versions.id, { onDelete: 'set null' }),
    dependencyProjectId: id().references(() => projects.id, { onDelete: 'set null' }),
    /** External file (mostly inside modpacks) that is not on the platform. */
    fileName: text(),
    /** `required`, `optional`, `incompatible` or `embedded`. */
    dependencyType: text().notNull(),
  },
  (t) => [
    index('version_dependencies_version_idx').on(t.versionId),
    index('version_dependencies_project_idx').on(t.dependencyProjectId),
    index('version_dependencies_dep_version_idx').on(t.dependencyVersionId),
  ],
);

/**
 * One row per counted download: the same client (IP or IPv6 /64, hashed) downloading the
 * same version counts once per hour.
 */
export const downloadDedup = pgTable(
  'download_dedup',
  {
    versionId: id()
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    clientKey: text().notNull(),
    hour: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.clientKey, t.hour] }), index('download_dedup_hour_idx').on(t.hour)],
);

/**
 * Projects whose search document must be rebuilt, written in the same transaction as the
 * change; the search indexer consumes and deletes rows. No foreign key: deleted projects
 * must still be announced so they leave the index.
 */
export const searchOutbox = pgTable(
  'search_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    projectId: id().notNull(),
    created: created(),
  },
  (t) => [index('search_outbox_project_idx').on(t.projectId)],
);
