import { Suspense } from 'react';
import { ensureMessageAreas } from '../../../lib/i18n/message-areas';
import { lazyComponent } from '../../../lib/lazy-component';

// The form (and its words) loads only when someone opens it.
const CreateOrganizationModal = lazyComponent(
  () => Promise.all([import('./create-organization-modal'), ensureMessageAreas(['organizations'])]).then(([module]) => module.CreateOrganizationModal),
  () => null,
);

export function LazyCreateOrganizationModal({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <CreateOrganizationModal onClose={onClose} />
    </Suspense>
  );
}
