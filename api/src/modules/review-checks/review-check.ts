import type { ReviewCheckId, ReviewCheckReason, ReviewCheckStatus } from '@cairn/shared/schemas/review-checks';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';

/**
 * What a review pre-check sees and answers. The service gathers one ReviewSubject per request
 * (the project, its links and gallery, its newest versions and what their files say), then runs
 * every check of REVIEW_CHECKS (checks.ts) over it. Checks over the subject alone are pure
 * functions; one that needs data of its own (a module's port) reads it through `env`.
 */

/** Where a finding is fixed (numeric ids; the mapper writes base62). */
export type CheckFix =
  | { kind: 'settings'; section: 'general' | 'description' | 'license' | 'links'; field: string | null }
  | { kind: 'gallery' }
  | { kind: 'version'; versionId: number };

export interface CheckItem {
  subject: string;
  versionId?: number | undefined;
  field?: 'loaders' | 'game_versions' | undefined;
  declared?: readonly string[] | undefined;
  found?: readonly string[] | undefined;
  fix?: CheckFix | undefined;
}

export interface CheckOutcome<Id extends ReviewCheckId = ReviewCheckId> {
  status: ReviewCheckStatus;
  reason: ReviewCheckReason<Id>;
  /** The result in English, for API clients. */
  message: string;
  values?: Record<string, number> | undefined;
  items?: readonly CheckItem[] | undefined;
  fix?: CheckFix | undefined;
}

/** What a version's primary file says, read again from the file store. */
export type FileReading =
  /** The version has no file. */
  | { state: 'no_file' }
  /** The file is not an archive Cairn reads, or names no manifest Cairn knows. */
  | { state: 'unreadable'; problem: string; names: readonly string[] }
  | { state: 'read'; names: readonly string[]; loaders: readonly string[]; gameVersions: readonly string[] };

export interface SubjectVersion {
  id: number;
  versionNumber: string;
  changelog: string;
  loaders: readonly string[];
  gameVersions: readonly string[];
  projectTypes: readonly string[];
  /** Files a modpack's index lists that are not catalogue files (stored as embedded dependencies by name). */
  externalFiles: readonly string[];
  file: FileReading;
}

export interface ReviewSubject {
  project: { id: number; body: string; licenseId: string; licenseUrl: string | null };
  /** Lower-cased SPDX ids, among those the license names, that are in the license list. */
  knownLicenses: ReadonlySet<string>;
  links: ReadonlyArray<{ platform: string; url: string; donation: boolean }>;
  /** Gallery images in their order, with the public URL as the team knows them. */
  gallery: ReadonlyArray<{ url: string; title: string | null; description: string | null }>;
  /** The newest versions (at most REVIEW_CHECK_MAX_VERSIONS), newest first. */
  versions: readonly SubjectVersion[];
}

/** What a check that reads more than the subject may use. */
export interface ReviewCheckEnv {
  db: Database;
  files: FileStore;
}

export interface ReviewCheckDefinition<Id extends ReviewCheckId = ReviewCheckId> {
  id: Id;
  run(subject: ReviewSubject, env: ReviewCheckEnv): CheckOutcome<Id> | Promise<CheckOutcome<Id>>;
}

/** Declares a check with its id, so its reasons are typed against REVIEW_CHECK_REASONS. */
export function defineCheck<Id extends ReviewCheckId>(id: Id, run: ReviewCheckDefinition<Id>['run']): ReviewCheckDefinition<Id> {
  return { id, run };
}
