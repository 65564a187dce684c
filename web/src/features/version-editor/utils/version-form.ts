import type { GameVersionTag, LoaderTag } from '@cairn/shared/schemas/tags';
import { VersionNumberSchema, type DependencyType, type InferredVersion, type FileType, type ModifyVersionBody, type ScheduleVersionBody, type Version, type VersionType } from '@cairn/shared/schemas/versions';
import { REQUESTABLE_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import { z } from 'zod';

export type EditableVersionStatus = (typeof REQUESTABLE_VERSION_STATUSES)[number];
export const EDITABLE_VERSION_STATUSES = REQUESTABLE_VERSION_STATUSES;

/** A dependency as the form holds it: a project, optionally one of its versions. */
export interface DependencyDraft {
  projectId: string | null;
  versionId: string | null;
  /** Only dependencies read from a modpack's files carry a file name; they are kept as they are. */
  fileName: string | null;
  type: DependencyType;
}

export interface VersionFormValues {
  name: string;
  versionNumber: string;
  channel: VersionType;
  loaders: string[];
  gameVersions: string[];
  changelog: string;
  dependencies: DependencyDraft[];
  featured: boolean;
  /** The status once published (a scheduled version takes it at its time). */
  status: EditableVersionStatus;
  /** Publish now, at a chosen time, or (a version already scheduled) keep its schedule. */
  publish: PublishMode;
  /** `datetime-local` value in the user's time zone; used when `publish` is `schedule`. */
  scheduledFor: string;
}

export const PUBLISH_MODES = ['now', 'schedule', 'keep'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

export const NAME_MAX = 64;
export const VERSION_NUMBER_MAX = 32;
export const CHANGELOG_MAX = 65536;

export interface VersionFormMessages {
  numberRequired: string;
  numberTooLong: string;
  numberCharacters: string;
  nameTooLong: string;
  loadersRequired: string;
  gameVersionsRequired: string;
  changelogTooLong: string;
  scheduleInPast: string;
}

/** The form's checks (spec §5: version number at most 32 characters); `needsLoaders` is false for resource packs. */
export function versionFormSchema(messages: VersionFormMessages, needsLoaders: boolean) {
  return z.object({
    name: z.string().max(NAME_MAX, messages.nameTooLong),
    versionNumber: z.string().superRefine((value, ctx) => {
      const trimmed = value.trim();
      if (!trimmed) ctx.addIssue({ code: 'custom', message: messages.numberRequired });
      else if (trimmed.length > VERSION_NUMBER_MAX) ctx.addIssue({ code: 'custom', message: messages.numberTooLong });
      else if (!VersionNumberSchema.safeParse(trimmed).success) ctx.addIssue({ code: 'custom', message: messages.numberCharacters });
    }),
    channel: z.enum(['release', 'beta', 'alpha']),
    loaders: needsLoaders ? z.array(z.string()).min(1, messages.loadersRequired) : z.array(z.string()),
    gameVersions: z.array(z.string()).min(1, messages.gameVersionsRequired),
    changelog: z.string().max(CHANGELOG_MAX, messages.changelogTooLong),
    dependencies: z.array(
      z.object({
        projectId: z.string().nullable(),
        versionId: z.string().nullable(),
        fileName: z.string().nullable(),
        type: z.enum(['required', 'optional', 'incompatible', 'embedded']),
      }),
    ),
    featured: z.boolean(),
    status: z.enum(EDITABLE_VERSION_STATUSES),
    publish: z.enum(PUBLISH_MODES),
    scheduledFor: z.string(),
  }).superRefine((values, ctx) => {
    if (values.publish !== 'schedule') return;
    const time = new Date(values.scheduledFor).getTime();
    if (!values.scheduledFor || Number.isNaN(time) || time <= Date.now()) ctx.addIssue({ code: 'custom', path: ['scheduledFor'], message: messages.scheduleInPast });
  });
}

/** Body of `POST /v2/version/{id}/schedule` when the form schedules the version, else undefined. */
export function scheduleBody(values: VersionFormValues): ScheduleVersionBody | undefined {
  if (values.publish !== 'schedule') return undefined;
  return { time: new Date(values.scheduledFor).toISOString(), requested_status: values.status };
}

export function emptyVersionValues(): VersionFormValues {
  return { name: '', versionNumber: '', channel: 'release', loaders: [], gameVersions: [], changelog: '', dependencies: [], featured: false, status: 'listed', publish: 'now', scheduledFor: '' };
}

export function valuesFromVersion(version: Version): VersionFormValues {
  return {
    name: version.name,
    versionNumber: version.version_number,
    channel: version.version_type,
    loaders: version.loaders,
    gameVersions: version.game_versions,
    changelog: version.changelog ?? '',
    dependencies: version.dependencies.map((d) => ({ projectId: d.project_id, versionId: d.version_id, fileName: d.file_name, type: d.dependency_type })),
    featured: version.featured,
    status: (EDITABLE_VERSION_STATUSES as readonly string[]).includes(version.status)
      ? (version.status as EditableVersionStatus)
      : (version.requested_status ?? 'listed'),
    publish: version.status === 'scheduled' ? 'keep' : 'now',
    scheduledFor: '',
  };
}

/** The loaders a project of this type may declare (resource packs declare none in the form). */
export function loadersForProjectType(loaders: readonly LoaderTag[], projectType: string): LoaderTag[] {
  return loaders.filter((loader) => loader.supported_project_types.includes(projectType));
}

/**
 * Fills the fields an inference answer knows and the user has left empty. Loaders and game
 * versions the site does not offer for this project are dropped rather than sent to be refused.
 */
export function applyInference(
  values: VersionFormValues,
  inference: InferredVersion,
  known: { loaders: readonly string[]; gameVersions: readonly GameVersionTag[] },
): VersionFormValues {
  const gameVersions = new Set(known.gameVersions.map((tag) => tag.version));
  const dependencies = [...values.dependencies];
  for (const dependency of inference.dependencies) {
    if (!dependencies.some((d) => d.projectId === dependency.project_id)) {
      dependencies.push({ projectId: dependency.project_id, versionId: null, fileName: null, type: dependency.dependency_type });
    }
  }
  return {
    ...values,
    name: values.name || (inference.name ?? '').slice(0, NAME_MAX),
    versionNumber: values.versionNumber || (inference.version_number ?? '').slice(0, VERSION_NUMBER_MAX),
    channel: values.versionNumber ? values.channel : (inference.version_type ?? values.channel),
    loaders: values.loaders.length > 0 ? values.loaders : inference.loaders.filter((loader) => known.loaders.includes(loader)),
    gameVersions: values.gameVersions.length > 0 ? values.gameVersions : inference.game_versions.filter((version) => gameVersions.has(version)),
    dependencies,
  };
}

function dependenciesForWire(dependencies: readonly DependencyDraft[]) {
  return dependencies.map((d) => ({ project_id: d.projectId, version_id: d.versionId, file_name: d.fileName, dependency_type: d.type }));
}

/** A new file of the form: the primary one, or an extra with its type. */
export interface NewFile {
  file: File;
  fileType: FileType | null;
}

/** Multipart part name of the i-th file of a new version (the primary file is the first). */
export const filePartName = (index: number) => `file-${index}`;

/** `data` of `POST /v2/version`; the files follow as parts named `file-0` (primary), `file-1`… */
export function createVersionData(projectId: string, values: VersionFormValues, files: readonly NewFile[], resourcePack: boolean) {
  const number = values.versionNumber.trim();
  const fileTypes: Record<string, FileType | null> = {};
  files.forEach((file, index) => {
    if (file.fileType) fileTypes[filePartName(index)] = file.fileType;
  });
  return {
    project_id: projectId,
    file_parts: files.map((_, index) => filePartName(index)),
    primary_file: filePartName(0),
    version_number: number,
    version_title: values.name.trim() || number,
    version_body: values.changelog,
    dependencies: dependenciesForWire(values.dependencies),
    game_versions: values.gameVersions,
    loaders: resourcePack ? ['minecraft'] : values.loaders,
    release_channel: values.channel,
    featured: values.featured,
    // A version to schedule stays hidden until the schedule is set right after.
    status: values.publish === 'schedule' ? 'draft' : values.status,
    file_types: fileTypes,
  };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, index) => JSON.stringify(item) === JSON.stringify(b[index]));

/** `PATCH /v2/version/{id}` with only what changed (undefined when nothing did). */
export function modifyVersionBody(
  version: Version,
  values: VersionFormValues,
  files: { primarySha1?: string; fileTypes: ReadonlyMap<string, FileType | null> },
  resourcePack: boolean,
): ModifyVersionBody | undefined {
  const before = valuesFromVersion(version);
  const number = values.versionNumber.trim();
  const name = values.name.trim() || number;
  const body: ModifyVersionBody = {};
  if (name !== version.name) body.name = name;
  if (number !== version.version_number) body.version_number = number;
  if (values.changelog !== before.changelog) body.changelog = values.changelog;
  if (values.channel !== version.version_type) body.version_type = values.channel;
  if (!sameList(values.dependencies, before.dependencies)) body.dependencies = dependenciesForWire(values.dependencies);
  if (!sameList(values.gameVersions, version.game_versions)) body.game_versions = values.gameVersions;
  if (!resourcePack && !sameList(values.loaders, version.loaders)) body.loaders = values.loaders;
  if (values.featured !== version.featured) body.featured = values.featured;
  // A schedule sets the status itself; publishing now a scheduled version makes it `status`.
  if (values.publish === 'now' && values.status !== version.status) body.status = values.status;
  const current = version.files.find((file) => file.primary)?.hashes.sha1;
  if (files.primarySha1 && files.primarySha1 !== current) body.primary_file = ['sha1', files.primarySha1];
  const changedTypes = version.files
    .filter((file) => files.fileTypes.has(file.hashes.sha1) && files.fileTypes.get(file.hashes.sha1) !== file.file_type)
    .map((file) => ({ algorithm: 'sha1' as const, hash: file.hashes.sha1, file_type: files.fileTypes.get(file.hashes.sha1) ?? null }));
  if (changedTypes.length > 0) body.file_types = changedTypes;
  return Object.keys(body).length > 0 ? body : undefined;
}

/** Whether a dependency on the same project (or file) with the same version is already listed. */
export function isDuplicateDependency(list: readonly DependencyDraft[], candidate: DependencyDraft): boolean {
  return list.some((d) => d.projectId === candidate.projectId && d.versionId === candidate.versionId && d.fileName === candidate.fileName);
}
