import { Suspense } from 'react';
import { ensureMessageAreas } from '../../../lib/i18n/message-areas';
import { lazyComponent } from '../../../lib/lazy-component';

// The form (and its form library and words) loads only when someone opens it.
const CreateCollectionModal = lazyComponent(
  () => Promise.all([import('./create-collection-modal'), ensureMessageAreas(['collections'])]).then(([module]) => module.CreateCollectionModal),
  () => null,
);

export function LazyCreateCollectionModal(props: { onClose: () => void; projectIds?: readonly string[] }) {
  return (
    <Suspense fallback={null}>
      <CreateCollectionModal {...props} />
    </Suspense>
  );
}
