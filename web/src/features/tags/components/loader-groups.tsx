import { PROJECT_TYPE_INFO } from '@cairn/shared/constants/project-types';
import type { LoaderTag } from '@cairn/shared/schemas/tags';
import { useId } from 'react';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { groupLoadersByProjectType, type LoaderGroup } from '../utils/group-loaders';
import { loaderLabel } from '@cairn/shared/format/tag-labels';

interface LoaderGroupsProps {
  loaders: readonly LoaderTag[];
  /** Heading level of each group's title, below the section that contains the list. */
  headingLevel?: 2 | 3;
}

/** Loaders and platforms, grouped by the kinds of project they support. */
export function LoaderGroups({ loaders, headingLevel = 3 }: LoaderGroupsProps) {
  const groups = groupLoadersByProjectType(loaders);
  if (groups.length === 0) return <p>No loaders are listed yet.</p>;
  return (
    <div className="loader-groups">
      {groups.map((group) => (
        <LoaderGroupCard key={group.projectType} group={group} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function LoaderGroupCard({ group, headingLevel }: { group: LoaderGroup; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="loader-group" aria-labelledby={headingId}>
      <Heading id={headingId} className="loader-group__title">
        {PROJECT_TYPE_INFO[group.projectType].plural}
      </Heading>
      <ul className="loader-group__list">
        {group.loaders.map((loader) => (
          <li key={loader.name} className="loader-chip">
            <SvgIcon markup={loader.icon} className="loader-chip__icon" />
            <span>{loaderLabel(loader.name)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
