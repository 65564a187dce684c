import type { LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../../components/markdown/markdown';
import { DescriptionSettings } from '../../../../features/project-settings/components/description-settings';
import { TranslationsSettings } from '../../../../features/project-settings/components/translations-settings';
import { useProjectSettings } from './shared';

/** The preview's renderer loads with the page. */
export const createLoader = (): LoaderFunction => async () => {
  await loadMarkdownRenderer();
  return null;
};

export function Component() {
  const { project, access } = useProjectSettings();
  return (
    <>
      <DescriptionSettings key={project.id} project={project} access={access} />
      <TranslationsSettings key={`${project.id}-translations`} project={project} access={access} />
    </>
  );
}
