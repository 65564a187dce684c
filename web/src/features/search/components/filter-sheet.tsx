import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal';

/** The filters as a full-screen sheet on small screens ("Filter results..."). */
export default function FilterSheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open onClose={onClose} title={title} size="sheet">
      {children}
    </Modal>
  );
}
