import type { Project } from '@cairn/shared/schemas/projects';
import { buttonClassName } from '../../../components/ui/button';
import { FlagIcon, LinkIcon, MoreIcon } from './project-icons';
import { CopyIcon } from '../../../components/ui/page-icons';
import { MenuButton } from '../../../components/ui/menu';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCopy } from '../hooks/use-copy';

/** ⋮ — report the project, copy its id, copy its permanent link. */
export function ProjectMenu({ project }: { project: Project }) {
  const t = useT();
  const copy = useCopy();
  return (
    <MenuButton
      label={t('project.moreActions')}
      placement="bottom-end"
      triggerClassName={buttonClassName({ size: 'large', iconOnly: true })}
      items={[
        { key: 'report', label: t('project.report'), icon: <FlagIcon />, to: paths.report.getHref({ type: 'project', id: project.id }), tone: 'red' },
        { key: 'copy-id', label: t('project.copyId'), icon: <CopyIcon />, onSelect: () => copy(project.id) },
        {
          key: 'copy-link',
          label: t('project.copyLink'),
          icon: <LinkIcon />,
          onSelect: () => copy(`${window.location.origin}${paths.project.getPermanentHref(project.id)}`),
        },
      ]}
    >
      <MoreIcon />
    </MenuButton>
  );
}
