import type { ProjectType } from '@cairn/shared/constants/project-types';
import { DataPackIcon, ModIcon, ModpackIcon, PluginIcon, ResourcePackIcon, ShaderIcon } from '../ui/icons';

const ICONS = {
  mod: ModIcon,
  modpack: ModpackIcon,
  resourcepack: ResourcePackIcon,
  shader: ShaderIcon,
  plugin: PluginIcon,
  datapack: DataPackIcon,
} satisfies Record<ProjectType, unknown>;

export function ProjectTypeIcon({ type, className }: { type: ProjectType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon className={className} />;
}
