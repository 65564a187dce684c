import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { GeneralSettings } from '../../../../features/project-settings/components/general-settings';
import { paths } from '../../../../config/paths';
import { useProjectSettings } from './shared';

export function Component() {
  const { project, type, access } = useProjectSettings();
  const navigate = useNavigate();
  const onSlugChanged = useCallback((slug: string) => void navigate(paths.projectSettings.getHref(type, slug), { replace: true }), [navigate, type]);
  const onDeleted = useCallback(() => void navigate(paths.home.getHref(), { replace: true }), [navigate]);
  return (
    <GeneralSettings
      key={project.id}
      project={project}
      access={access}
      hasSides={type === 'mod' || type === 'modpack'}
      urlPrefix={`${window.location.origin}/${type}/`}
      onSlugChanged={onSlugChanged}
      onDeleted={onDeleted}
    />
  );
}
