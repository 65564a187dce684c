import type { ServerNotice } from '@cairn/shared/schemas/server-notices';
import { useSuspenseQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { cx } from '../../../lib/class-names';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { serverAdminQueries } from '../api/server-admin-queries';
import { serverNoticeQueries } from '../api/server-notices-queries';
import { useDeleteServerNotice } from '../api/use-server-admin-mutations';
import { NoticeFormModal } from './notice-form-modal';
import styles from './notices-admin.module.css';

type Editing = { kind: 'create' } | { kind: 'edit'; notice: ServerNotice };

/** `/admin/servers/notices` (admins): every notice with its period, assignments and dismissals. */
export function NoticesAdmin() {
  const t = useT();
  const locale = useLocale();
  const [{ data: notices }, { data: nodes }, { data: servers }] = useSuspenseQueries({
    queries: [serverNoticeQueries.list(), serverAdminQueries.nodes(), serverAdminQueries.servers()],
  });
  const [editing, setEditing] = useState<Editing | undefined>();
  const [deleting, setDeleting] = useState<ServerNotice | undefined>();
  const remove = useDeleteServerNotice({ onSuccess: () => setDeleting(undefined) });
  const when = (iso: string | null, none: string) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : none);
  const assignedTo = (notice: ServerNotice) => {
    if (notice.assigned.all) return t('servers.notices.assigned.all');
    if (notice.assigned.nodes.length === 0 && notice.assigned.servers.length === 0) return t('servers.notices.assigned.none');
    return [...notice.assigned.nodes.map((n) => t('servers.notices.assigned.node', { name: n.name })), ...notice.assigned.servers.map((s) => s.name)].join(', ');
  };

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1>{t('servers.notices.title')}</h1>
        <Button color="brand" onClick={() => setEditing({ kind: 'create' })}>
          {t('servers.notices.create')}
        </Button>
      </div>
      {notices.length === 0 ? (
        <EmptyState framed>{t('servers.notices.empty')}</EmptyState>
      ) : (
        <DataTable
          caption={t('servers.notices.title')}
          verticalAlign="top"
          columns={[
            { key: 'level', label: t('servers.notices.column.level') },
            { key: 'notice', label: t('servers.notices.column.notice') },
            { key: 'begins', label: t('servers.notices.column.begins') },
            { key: 'expires', label: t('servers.notices.column.expires') },
            { key: 'assigned', label: t('servers.notices.column.assigned') },
            { key: 'dismissed', label: t('servers.notices.column.dismissed') },
            { key: 'actions', label: t('servers.notices.column.actions') },
          ]}
        >
          {notices.map((notice) => (
            <tr key={notice.id}>
              <td>
                <span className={cx(styles.level, styles[notice.level])}>{t(`servers.notices.level.${notice.level}`)}</span>
                <br />
                <small>{t(notice.dismissable ? 'servers.notices.dismissable' : 'servers.notices.notDismissable')}</small>
              </td>
              <th scope="row">
                {notice.title ?? t('servers.notices.untitled')}
                <p className={styles.message}>{notice.message}</p>
              </th>
              <td>{when(notice.begins, t('servers.notices.fromCreation'))}</td>
              <td>{when(notice.expires, t('servers.notices.never'))}</td>
              <td>{assignedTo(notice)}</td>
              <td>{t('servers.notices.dismissedCount', { count: notice.dismissed_count })}</td>
              <td>
                <div className={styles.actions}>
                  <Button size="small" variant="outlined" onClick={() => setEditing({ kind: 'edit', notice })} aria-label={t('servers.notices.editNamed', { id: notice.id })}>
                    {t('servers.notices.edit')}
                  </Button>
                  <Button size="small" variant="outlined" color="red" onClick={() => setDeleting(notice)} aria-label={t('servers.notices.deleteNamed', { id: notice.id })}>
                    {t('servers.notices.delete')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && <NoticeFormModal notice={editing.kind === 'edit' ? editing.notice : undefined} nodes={nodes} servers={servers} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('servers.notices.deleteTitle')}
        confirmLabel={t('servers.notices.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p>{t('servers.notices.deleteBody')}</p>
      </ConfirmModal>
    </div>
  );
}
