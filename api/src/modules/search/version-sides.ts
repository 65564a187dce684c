import { environmentToSides, type Sides } from '@cairn/shared/constants/environments';
import type { SideType } from '@cairn/shared/constants/side-types';

/**
 * The client / server side a single version stands for in search filters and counts, by the
 * rule the v2 Project uses for the whole project (projects.mapper): resource packs and
 * shaders are client-only, plugins server-only, data packs server-side with an optional
 * client; otherwise the version's environment decides, and without one the project's
 * declared sides do.
 */
export function versionSides(projectTypes: readonly string[], environment: string, declared: Sides): Sides {
  const only = (...types: string[]) => projectTypes.length > 0 && projectTypes.every((t) => types.includes(t));
  if (only('resourcepack', 'shader')) return { client: 'required', server: 'unsupported' };
  if (only('plugin')) return { client: 'unsupported', server: 'required' };
  if (only('datapack')) return { client: 'optional', server: 'required' };
  if (environment !== 'unknown') return environmentToSides(environment);
  return { client: declared.client as SideType, server: declared.server as SideType };
}
