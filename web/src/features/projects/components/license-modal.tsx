import type { Project } from '@cairn/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import styles from './license-modal.module.css';

interface LicenseModalProps {
  open: boolean;
  onClose: () => void;
  license: Project['license'];
  /** The license as the sidebar names it. */
  name: string;
}

/** The full license text (`GET /v2/tag/license/{id}`), with the project's own license link when it has one. */
export function LicenseModal({ open, onClose, license, name }: LicenseModalProps) {
  const t = useT();
  const { data, isPending, isError } = useQuery({ ...projectQueries.licenseText(license.id), enabled: open });
  return (
    <Modal open={open} onClose={onClose} title={data?.title || license.name || name} size="wide">
      {isPending ? (
        <p role="status">{t('project.license.loading')}</p>
      ) : isError ? (
        <p>{t('project.license.unavailable')}</p>
      ) : (
        <pre className={styles.licenseText}>{data.body}</pre>
      )}
      {license.url && (
        <p>
          <a href={license.url} rel="noopener nofollow ugc" target="_blank">
            {t('project.license.link')}
          </a>
        </p>
      )}
    </Modal>
  );
}
