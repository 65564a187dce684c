/** Kinds of add-on a project can be. The order is the one the tag route returns. */
export const PROJECT_TYPES = ['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack'] as const;

export type ProjectType = (typeof PROJECT_TYPES)[number];

export interface ProjectTypeInfo {
  /** Display label for one project, e.g. "Resource Pack". */
  singular: string;
  /** Display label for many projects, e.g. "Resource Packs". */
  plural: string;
  /** Path segment of the type's search page: `/${searchSegment}`. */
  searchSegment: string;
}

export const PROJECT_TYPE_INFO: Readonly<Record<ProjectType, ProjectTypeInfo>> = {
  mod: { singular: 'Mod', plural: 'Mods', searchSegment: 'mods' },
  modpack: { singular: 'Modpack', plural: 'Modpacks', searchSegment: 'modpacks' },
  resourcepack: { singular: 'Resource Pack', plural: 'Resource Packs', searchSegment: 'resourcepacks' },
  shader: { singular: 'Shader', plural: 'Shaders', searchSegment: 'shaders' },
  plugin: { singular: 'Plugin', plural: 'Plugins', searchSegment: 'plugins' },
  datapack: { singular: 'Data Pack', plural: 'Data Packs', searchSegment: 'datapacks' },
};

export function isProjectType(value: string): value is ProjectType {
  return (PROJECT_TYPES as readonly string[]).includes(value);
}

/** Inverse of `searchSegment`: "resourcepacks" → "resourcepack"; undefined for anything else. */
export function projectTypeFromSearchSegment(segment: string): ProjectType | undefined {
  return PROJECT_TYPES.find((type) => PROJECT_TYPE_INFO[type].searchSegment === segment);
}

/** The four types the v2 wire format knows; plugins and data packs are shown as mods there. */
export const WIRE_PROJECT_TYPES = ['mod', 'modpack', 'resourcepack', 'shader'] as const;
export type WireProjectType = (typeof WIRE_PROJECT_TYPES)[number];

/**
 * A project's v2 `project_type` from the project types of its listed versions (a modpack
 * version wins), or from the type declared at creation while it has none.
 */
export function wireProjectType(declared: string, versionTypes: readonly string[]): WireProjectType {
  const types = new Set(versionTypes);
  if (types.size === 0) return declared === 'modpack' ? 'modpack' : 'mod';
  if (types.has('modpack')) return 'modpack';
  if (types.has('mod') || types.has('plugin') || types.has('datapack')) return 'mod';
  if (types.has('resourcepack')) return 'resourcepack';
  if (types.has('shader')) return 'shader';
  return 'mod';
}
