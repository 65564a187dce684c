import { useT } from '../../../lib/i18n/i18n-provider';
import { pathSegments, ROOT_PATH } from '../utils/file-paths';
import styles from './files-tab.module.css';

/** Home › world › region: each folder above the current one is a button back to it. */
export function FileBreadcrumb({ folder, onNavigate }: { folder: string; onNavigate: (path: string) => void }) {
  const t = useT();
  const crumbs = [{ name: t('servers.files.home'), path: ROOT_PATH }, ...pathSegments(folder)];
  return (
    <nav aria-label={t('servers.files.path')}>
      <ol className={styles.breadcrumb}>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="location" className={styles.currentCrumb}>
                {crumb.name}
              </span>
            ) : (
              <button type="button" className={styles.crumb} onClick={() => onNavigate(crumb.path)}>
                {crumb.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
