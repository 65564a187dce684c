import { useState } from 'react';
import { BoxIcon, ChevronDownIcon, PlusIcon } from '../../../components/ui/icons';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './create-menu.module.css';
import { LazyCreateProjectModal } from './lazy-create-project-modal';

/** The header's "Create" menu for signed-in users. Collections and organizations join it later. */
export function CreateMenu() {
  const t = useT();
  const [creating, setCreating] = useState<'project' | null>(null);
  const items: MenuItem[] = [{ key: 'project', label: t('shell.create.project'), icon: <BoxIcon />, onSelect: () => setCreating('project') }];
  return (
    <>
      <MenuButton items={items} placement="bottom-end" triggerClassName={styles.trigger}>
        <PlusIcon />
        <span>{t('shell.create.label')}</span>
        <ChevronDownIcon />
      </MenuButton>
      {creating === 'project' && <LazyCreateProjectModal onClose={() => setCreating(null)} />}
    </>
  );
}
