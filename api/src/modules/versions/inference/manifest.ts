import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { VersionRequirement } from './version-ranges.js';

/** What one manifest says about the version it ships in, before anything is looked up. */

export type DeclaredDependencyType = 'required' | 'optional' | 'incompatible';

export interface DeclaredDependency {
  /** The mod or plugin id as the manifest writes it. */
  id: string;
  type: DeclaredDependencyType;
}

export interface ManifestReading {
  /** The manifest read, e.g. "fabric.mod.json". */
  format: string;
  projectType: ProjectType;
  /** Display name of the add-on, when the manifest gives one. */
  name: string | null;
  versionNumber: string | null;
  loaders: string[];
  gameVersions: VersionRequirement;
  dependencies: DeclaredDependency[];
}

/** The archive as the readers see it: every entry name, and the text of the manifest entries. */
export interface ArchiveContents {
  names: readonly string[];
  /** Parsed document of a manifest entry (undefined when absent); throws ManifestError when unreadable. */
  bytes(name: string): Buffer | undefined;
}

/** The upload is not something Cairn can read: answered as a 400 with this message. */
export class ManifestError extends Error {}
