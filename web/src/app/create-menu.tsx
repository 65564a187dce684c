import { UsersIcon } from '../components/ui/icons';
import { CreateMenu as ProjectCreateMenu, type CreateMenuExtra } from '../features/project-creation/components/create-menu';
import { LazyCreateOrganizationModal } from '../features/organizations/components/lazy-create-organization-modal';
import { useT } from '../lib/i18n/i18n-provider';

/** The header's "Create" menu: projects, plus what other features create. */
export function CreateMenu({ variant = 'header' }: { variant?: 'header' | 'mobile' }) {
  const t = useT();
  const extras: CreateMenuExtra[] = [
    { key: 'organization', label: t('shell.create.organization'), icon: <UsersIcon />, renderModal: (onClose) => <LazyCreateOrganizationModal onClose={onClose} /> },
  ];
  return <ProjectCreateMenu variant={variant} extras={variant === 'header' ? extras : []} />;
}
