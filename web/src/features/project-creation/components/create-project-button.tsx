import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/page-icons';
import { useT } from '../../../lib/i18n/i18n-provider';
import { LazyCreateProjectModal } from './lazy-create-project-modal';

/** "Create a project" as a page button (the dashboard's project list). */
export function CreateProjectButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="brand" onClick={() => setOpen(true)}>
        <PlusIcon />
        <span>{t('creator.create.open')}</span>
      </Button>
      {open && <LazyCreateProjectModal onClose={() => setOpen(false)} />}
    </>
  );
}
