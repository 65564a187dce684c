import type { Server } from '@cairn/shared/schemas/servers';
import { useSuspenseQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { serverPaths } from '../../../config/server-paths';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { serverPill } from '../../../lib/servers/server-display';
import { serverAdminQueries } from '../api/server-admin-queries';
import { useUnsuspendServer } from '../api/use-server-admin-mutations';
import { NodeIsolationCell, NodeIsolationWarnings } from './node-isolation';
import { MoveServerModal, SuspendServerModal } from './server-admin-modals';
import { ServerNodeForm } from './server-node-form';
import styles from './servers-admin.module.css';

type Acting = { kind: 'suspend' | 'move'; server: Server };

/** `/servers/admin` (admins): the node agents with capacity, health and isolation, and every server with staff actions. */
export function ServersAdmin() {
  const t = useT();
  const locale = useLocale();
  const [{ data: nodes }, { data: servers }] = useSuspenseQueries({ queries: [serverAdminQueries.nodes(), serverAdminQueries.servers()] });
  const [acting, setActing] = useState<Acting | undefined>();
  const unsuspend = useUnsuspendServer();
  const gib = (mib: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(mib / 1024);
  const seen = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('servers.admin.never'));

  return (
    <div className={styles.page}>
      <h1>{t('servers.admin.title')}</h1>
      <section className={styles.section} aria-labelledby="servers-admin-nodes">
        <h2 id="servers-admin-nodes">{t('servers.admin.nodes')}</h2>
        {nodes.length === 0 ? (
          <EmptyState framed>{t('servers.admin.noNodes')}</EmptyState>
        ) : (
          <DataTable
            aria-labelledby="servers-admin-nodes"
            verticalAlign="top"
            columns={[
              { key: 'name', label: t('servers.admin.column.name') },
              { key: 'url', label: t('servers.admin.column.url') },
              { key: 'health', label: t('servers.admin.column.health') },
              { key: 'memory', label: t('servers.admin.column.memory') },
              { key: 'servers', label: t('servers.admin.column.servers') },
              { key: 'isolation', label: t('servers.admin.column.isolation') },
            ]}
          >
            {nodes.map((node) => (
              <tr key={node.id}>
                <th scope="row">{node.name}</th>
                <td>
                  <code>{node.url}</code>
                </td>
                <td>
                  <span className={node.healthy ? styles.healthy : styles.unhealthy}>{t(node.healthy ? 'servers.admin.healthy' : 'servers.admin.unhealthy')}</span>
                  <br />
                  <small>{t('servers.admin.lastSeen', { when: seen(node.last_seen) })}</small>
                </td>
                <td>{t('servers.admin.memoryUsed', { used: gib(node.allocated_memory_mib), total: gib(node.memory_mib) })}</td>
                <td>{node.servers}</td>
                <td>
                  <NodeIsolationCell isolation={node.isolation} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <NodeIsolationWarnings nodes={nodes} />
        <h3>{t('servers.admin.node.add')}</h3>
        <ServerNodeForm />
      </section>

      <section className={styles.section} aria-labelledby="servers-admin-servers">
        <h2 id="servers-admin-servers">{t('servers.admin.servers')}</h2>
        {servers.length === 0 ? (
          <EmptyState framed>{t('servers.admin.noServers')}</EmptyState>
        ) : (
          <DataTable
            aria-labelledby="servers-admin-servers"
            verticalAlign="top"
            columns={[
              { key: 'name', label: t('servers.admin.column.name') },
              { key: 'state', label: t('servers.admin.column.state') },
              { key: 'owner', label: t('servers.admin.column.owner') },
              { key: 'node', label: t('servers.admin.column.node') },
              { key: 'plan', label: t('servers.admin.column.plan') },
              { key: 'actions', label: t('servers.admin.column.actions') },
            ]}
          >
            {servers.map((server) => (
              <tr key={server.id}>
                <th scope="row">
                  <AppLink to={serverPaths.panel(server.id)}>{server.name}</AppLink>
                  <br />
                  <small>
                    <code>{server.id}</code>
                  </small>
                </th>
                <td>
                  {t(serverPill(server).key)}
                  {server.suspension_reason && <small> · {t(`servers.admin.reason.${server.suspension_reason}`)}</small>}
                </td>
                <td>
                  <code>{server.owner_id}</code>
                </td>
                <td>{server.node?.name ?? t('servers.admin.noNode')}</td>
                <td>{server.plan.name}</td>
                <td>
                  <div className={styles.actions}>
                    {server.status === 'suspended' ? (
                      <Button size="small" variant="outlined" disabled={unsuspend.isPending} onClick={() => unsuspend.mutate(server.id)} aria-label={t('servers.admin.unsuspendNamed', { name: server.name })}>
                        {t('servers.admin.unsuspend')}
                      </Button>
                    ) : (
                      <Button size="small" variant="outlined" color="red" onClick={() => setActing({ kind: 'suspend', server })} aria-label={t('servers.admin.suspendNamed', { name: server.name })}>
                        {t('servers.admin.suspend')}
                      </Button>
                    )}
                    {server.node && (
                      <Button size="small" variant="outlined" onClick={() => setActing({ kind: 'move', server })} aria-label={t('servers.admin.moveNamed', { name: server.name })}>
                        {t('servers.admin.move')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {acting?.kind === 'suspend' && <SuspendServerModal server={acting.server} onClose={() => setActing(undefined)} />}
      {acting?.kind === 'move' && <MoveServerModal server={acting.server} nodes={nodes} onClose={() => setActing(undefined)} />}
    </div>
  );
}
