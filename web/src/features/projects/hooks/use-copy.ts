import { useCallback } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';

/** Copies text to the clipboard and says so (or says why not). */
export function useCopy() {
  const t = useT();
  const notifications = useNotifications();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        notifications.add({ type: 'success', title: t('project.copied'), text });
      } catch (error) {
        notifications.addError(error, t('project.copyFailed'));
      }
    },
    [notifications, t],
  );
}
