import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MembersSettings } from '../../../../features/project-settings/components/members-settings';
import { paths } from '../../../../config/paths';
import { useProjectSettings } from './shared';

export function Component() {
  const { project, members, access } = useProjectSettings();
  const navigate = useNavigate();
  const onLeft = useCallback(() => void navigate(paths.home.getHref(), { replace: true }), [navigate]);
  return <MembersSettings project={project} members={members} access={access} onLeft={onLeft} />;
}
