import { Suspense } from 'react';
import { ensureMessageAreas } from '../../../lib/i18n/message-areas';
import { lazyComponent } from '../../../lib/lazy-component';

// The form (and its form library and words) loads only when someone opens it.
const CreateProjectModal = lazyComponent(
  () => Promise.all([import('./create-project-modal'), ensureMessageAreas(['creator'])]).then(([module]) => module.CreateProjectModal),
  () => null,
);

export function LazyCreateProjectModal({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <CreateProjectModal onClose={onClose} />
    </Suspense>
  );
}
