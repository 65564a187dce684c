import { useState, type ComponentType } from 'react';
import { BoxIcon, ChevronDownIcon, PlusIcon } from '../../../components/ui/icons';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './create-menu.module.css';
import { LazyCreateProjectModal } from './lazy-create-project-modal';

interface CreateMenuProps {
  variant?: 'header' | 'mobile';
  /** The collection creation modal, composed by the app (features do not import each other). */
  CollectionModal?: ComponentType<{ onClose: () => void }>;
}

/**
 * "Create" for signed-in users: a menu in the header (project, collection), and in the mobile menu
 * a "Create a project" button. Organizations join it later.
 */
export function CreateMenu({ variant = 'header', CollectionModal }: CreateMenuProps) {
  const t = useT();
  const [creating, setCreating] = useState<'project' | 'collection' | null>(null);
  const close = () => setCreating(null);
  const modal =
    creating === 'project' ? <LazyCreateProjectModal onClose={close} /> : creating === 'collection' && CollectionModal ? <CollectionModal onClose={close} /> : null;
  if (variant === 'mobile') {
    return (
      <>
        <button type="button" className={styles.mobileItem} onClick={() => setCreating('project')}>
          <PlusIcon />
          <span>{t('shell.create.projectLong')}</span>
        </button>
        {modal}
      </>
    );
  }
  const items: MenuItem[] = [{ key: 'project', label: t('shell.create.project'), icon: <BoxIcon />, onSelect: () => setCreating('project') }];
  if (CollectionModal) items.push({ key: 'collection', label: t('shell.create.collection'), icon: <PlusIcon />, onSelect: () => setCreating('collection') });
  return (
    <>
      <MenuButton items={items} placement="bottom-end" triggerClassName={styles.trigger}>
        <PlusIcon />
        <span>{t('shell.create.label')}</span>
        <ChevronDownIcon />
      </MenuButton>
      {modal}
    </>
  );
}
