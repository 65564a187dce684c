import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/i18n-provider';

/**
 * Asks before leaving a page with unsaved changes (in-app navigation; a reload or closing the tab
 * gets the browser's own prompt).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  // Read at navigation time: a save followed at once by a navigation must not be asked about.
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useLayoutEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmModal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('projectSettings.unsaved.title')}
      confirmLabel={t('projectSettings.unsaved.leave')}
      onConfirm={() => blocker.proceed?.()}
    >
      <p>{t('projectSettings.unsaved.body')}</p>
    </ConfirmModal>
  );
}
