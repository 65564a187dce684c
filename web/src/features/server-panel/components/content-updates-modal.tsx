import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { LongDate } from '../../../components/ui/long-date';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverContentQueries } from '../api/server-content-queries';
import { useUpdateAllContent, useUpdateContent } from '../api/use-server-content-mutations';
import styles from './content-tab.module.css';

/**
 * Before an update (one project, `projectId`, or "Update all"): the versions in between with their
 * changelogs, the required dependencies the update adds, and for "Update all" the pinned content it
 * leaves as it is. Nothing changes until the update is confirmed here.
 */
export function ContentUpdatesModal({ serverId, projectId, onClose }: { serverId: string; projectId?: string; onClose: () => void }) {
  const t = useT();
  const preview = useQuery(serverContentQueries.updates(serverId, projectId));
  const updateOne = useUpdateContent(serverId);
  const updateAll = useUpdateAllContent(serverId, onClose);
  const pending = updateOne.isPending || updateAll.isPending;
  const updates = preview.data?.updates ?? [];
  const confirm = () => {
    if (projectId) updateOne.mutate(projectId, { onSuccess: onClose });
    else updateAll.run();
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="wide"
      title={projectId ? t('servers.content.preview.titleOne', { name: updates[0]?.title ?? '' }) : t('servers.content.preview.titleAll')}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="brand" onClick={confirm} disabled={pending || updates.length === 0}>
            {pending ? t('servers.content.updating') : projectId ? t('servers.content.preview.confirmOne') : t('servers.content.preview.confirmAll', { count: updates.length })}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <p role="status">{t('servers.content.preview.loading')}</p>
      ) : preview.isError ? (
        <FormAlert>{t('servers.content.preview.loadError')}</FormAlert>
      ) : (
        <div className={styles.preview}>
          {updates.length === 0 && <p>{t('servers.content.preview.none')}</p>}
          {updates.map((update) => (
            <section key={update.project_id} className={styles.previewItem} aria-label={update.title}>
              <h3 className={styles.previewTitle}>{t('servers.content.preview.change', { name: update.title, from: update.from.version_number, to: update.to.version_number })}</h3>
              {update.new_dependencies.length > 0 && (
                <FormAlert tone="info">
                  {t('servers.content.preview.newDependencies', { names: update.new_dependencies.map((d) => `${d.title} ${d.version_number}`).join(', ') })}
                </FormAlert>
              )}
              <h4 className={styles.previewSubtitle}>{t('servers.content.preview.between', { count: update.versions_between.length })}</h4>
              <ol className={styles.changelogs}>
                {update.versions_between.map((version) => (
                  <li key={version.id}>
                    <details>
                      <summary>
                        {version.version_number} · <LongDate date={version.date_published.slice(0, 10)} />
                      </summary>
                      <p className={styles.changelog}>{version.changelog.trim() || t('servers.content.preview.noChangelog')}</p>
                    </details>
                  </li>
                ))}
              </ol>
              {update.versions_between_truncated && <p className={styles.hint}>{t('servers.content.preview.truncated')}</p>}
            </section>
          ))}
          {!projectId && (preview.data.pinned.length > 0) && (
            <section className={styles.previewItem} aria-label={t('servers.content.preview.pinnedTitle')}>
              <h3 className={styles.previewTitle}>{t('servers.content.preview.pinnedTitle')}</h3>
              <ul>
                {preview.data.pinned.map((item) => (
                  <li key={item.project_id}>{t('servers.content.preview.pinnedItem', { name: item.title, version: item.version_number, update: item.update_version_number })}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
