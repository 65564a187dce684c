import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Version } from '@cairn/shared/schemas/versions';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { DeleteVersionButton } from './delete-version-button';

interface VersionMemberActionsProps {
  type: ProjectType;
  projectSlug: string;
  version: Version;
  canEdit: boolean;
  canDelete: boolean;
}

/** Edit and Delete on a version page, each shown only to members allowed to do it. */
export function VersionMemberActions({ type, projectSlug, version, canEdit, canDelete }: VersionMemberActionsProps) {
  const t = useT();
  return (
    <>
      {canEdit && (
        <ButtonLink to={paths.projectVersion.getEditHref(type, projectSlug, version.id)} variant="outlined">
          {t('versionEditor.edit')}
        </ButtonLink>
      )}
      {canDelete && <DeleteVersionButton version={version} afterHref={paths.project.getHref(type, projectSlug, 'versions')} />}
    </>
  );
}
