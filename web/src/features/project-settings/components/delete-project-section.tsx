import type { Project } from '@cairn/shared/schemas/projects';
import { useState } from 'react';
import { SettingsSection } from '../../../components/layout/settings-page';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useDeleteProject } from '../api/use-project-mutations';

/** Deleting asks for the project's title to be typed first. */
export function DeleteProjectSection({ project, onDeleted }: { project: Project; onDeleted: () => void }) {
  const t = useT();
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const remove = useDeleteProject(project.id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('projectSettings.delete.done') });
      setOpen(false);
      onDeleted();
    },
    onError: (error) => notifications.addError(error),
  });
  return (
    <SettingsSection title={t('projectSettings.delete.title')} description={t('projectSettings.delete.lede')} id="delete-project">
      <Button color="red" onClick={() => setOpen(true)}>
        {t('projectSettings.delete.button')}
      </Button>
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title={t('projectSettings.delete.confirmTitle')}
        confirmLabel={t('projectSettings.delete.button')}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        typeToConfirm={{ label: t('projectSettings.delete.typeTitle', { title: project.title }), value: project.title }}
      >
        <p>{t('projectSettings.delete.warning')}</p>
      </ConfirmModal>
    </SettingsSection>
  );
}
