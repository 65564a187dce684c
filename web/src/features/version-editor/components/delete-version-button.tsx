import type { Version } from '@cairn/shared/schemas/versions';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useDeleteVersion } from '../api/use-version-mutations';

/** "Delete" with a confirmation; afterwards the page goes to `afterHref` (the versions list). */
export function DeleteVersionButton({ version, afterHref }: { version: Version; afterHref: string }) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const remove = useDeleteVersion({
    onSuccess: async () => {
      setOpen(false);
      notifications.add({ type: 'success', title: t('versionEditor.deleted') });
      await navigate(afterHref);
    },
    onError: (error) => notifications.addError(error),
  });
  return (
    <>
      <Button variant="outlined" color="red" onClick={() => setOpen(true)}>
        {t('versionEditor.delete')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('versionEditor.deleteTitle')}
        footer={
          <>
            <Button variant="transparent" onClick={() => setOpen(false)}>
              {t('versionEditor.cancel')}
            </Button>
            <Button color="red" onClick={() => remove.mutate(version)} disabled={remove.isPending}>
              {t('versionEditor.delete')}
            </Button>
          </>
        }
      >
        <p>{t('versionEditor.deleteText', { name: version.name || version.version_number })}</p>
      </Modal>
    </>
  );
}
