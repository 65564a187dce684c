import { useState } from 'react';
import { BoxIcon, ChevronDownIcon, PlusIcon } from '../../../components/ui/icons';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './create-menu.module.css';
import { LazyCreateProjectModal } from './lazy-create-project-modal';

/**
 * "Create" for signed-in users: a menu in the header, and in the mobile menu a "Create a project"
 * button. Collections and organizations join it later.
 */
export function CreateMenu({ variant = 'header' }: { variant?: 'header' | 'mobile' }) {
  const t = useT();
  const [creating, setCreating] = useState<'project' | null>(null);
  const modal = creating === 'project' && <LazyCreateProjectModal onClose={() => setCreating(null)} />;
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
