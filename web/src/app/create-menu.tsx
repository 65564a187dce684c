import { Icon } from '../components/ui/icons';
import { PlusIcon } from '../components/ui/page-icons';
import { CreateMenu as ProjectCreateMenu, type CreateMenuExtra } from '../features/project-creation/components/create-menu';
import { LazyCreateOrganizationModal } from '../features/organizations/components/lazy-create-organization-modal';
import { useT } from '../lib/i18n/i18n-provider';
import { ensureMessageAreas } from '../lib/i18n/message-areas';
import { lazyComponent } from '../lib/lazy-component';

// Only this lazy menu uses it, so it stays out of the shell's icon set.
const UsersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.4c2 .8 3.5 2.8 3.5 5.6" />
  </Icon>
);

const CollectionModal = lazyComponent(
  () => Promise.all([import('../features/collections/components/create-collection-modal'), ensureMessageAreas(['collections'])]).then(([module]) => module.CreateCollectionModal),
  () => null,
);

/** The header's "Create" menu: projects, plus what other features create. */
export function CreateMenu({ variant = 'header' }: { variant?: 'header' | 'mobile' }) {
  const t = useT();
  const extras: CreateMenuExtra[] = [
    { key: 'collection', label: t('shell.create.collection'), icon: <PlusIcon />, renderModal: (onClose) => <CollectionModal onClose={onClose} /> },
    { key: 'organization', label: t('shell.create.organization'), icon: <UsersIcon />, renderModal: (onClose) => <LazyCreateOrganizationModal onClose={onClose} /> },
  ];
  return <ProjectCreateMenu variant={variant} extras={variant === 'header' ? extras : []} />;
}
