import { useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { BoxIcon, PlusIcon } from '../../../components/ui/page-icons';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './create-menu.module.css';
import { LazyCreateProjectModal } from './lazy-create-project-modal';

/** Something else the menu creates (composed in by the app): its entry and the modal it opens. */
export interface CreateMenuExtra {
  key: string;
  label: string;
  icon: ReactNode;
  renderModal: (onClose: () => void) => ReactNode;
}

/**
 * "Create" for signed-in users: a menu in the header, and in the mobile menu a "Create a project"
 * button. Other features add their entries through `extras`.
 */
export function CreateMenu({ variant = 'header', extras = [] }: { variant?: 'header' | 'mobile'; extras?: readonly CreateMenuExtra[] }) {
  const t = useT();
  const [creating, setCreating] = useState<string | null>(null);
  const close = () => setCreating(null);
  const extra = extras.find((e) => e.key === creating);
  const modal = creating === 'project' ? <LazyCreateProjectModal onClose={close} /> : extra ? extra.renderModal(close) : null;
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
  const items: MenuItem[] = [
    { key: 'project', label: t('shell.create.project'), icon: <BoxIcon />, onSelect: () => setCreating('project') },
    ...extras.map((e) => ({ key: e.key, label: e.label, icon: e.icon, onSelect: () => setCreating(e.key) })),
  ];
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
