import type { OwnNode, OwnNodeEnrolment } from '@cairn/shared/schemas/own-nodes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { CopyButton } from '../../components/ui/copy-button';
import { EmptyState } from '../../components/ui/empty-state';
import { FormAlert, TextField } from '../../components/ui/form';
import { Skeleton, SkeletonRegion } from '../../components/ui/skeleton';
import { serverPaths } from '../../config/server-paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { describeErrorForToast } from '../../lib/notifications';
import { serverQueries } from '../../lib/servers/servers-queries';
import { createEnrolment, createOwnNodeServer, editOwnNode, ownNodeQueries, revokeOwnNode } from './own-nodes-api';
import styles from './own-nodes-page.module.css';

const errorText = (error: unknown) => (error ? describeErrorForToast(error).text : undefined);
const limitValue = (text: string) => (text.trim() === '' ? null : Number(text));

/** Adds a node: a name, then the join command, shown this once. */
function AddNode() {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [enrolment, setEnrolment] = useState<OwnNodeEnrolment | undefined>();
  const create = useMutation({
    mutationFn: () => createEnrolment(name.trim()),
    onSuccess: (result) => {
      setEnrolment(result);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ownNodeQueries.all() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate();
  };
  return (
    <section className={styles.card} aria-labelledby="own-nodes-add">
      <h2 id="own-nodes-add" className={styles.heading}>
        {t('servers.ownNodes.add.title')}
      </h2>
      <p>{t('servers.ownNodes.add.lede')}</p>
      <form className={styles.row} onSubmit={submit} noValidate>
        <TextField label={t('servers.ownNodes.add.name')} value={name} maxLength={64} required autoComplete="off" onChange={(event) => setName(event.target.value)} />
        <Button type="submit" color="brand" disabled={create.isPending || !name.trim()}>
          {t('servers.ownNodes.add.submit')}
        </Button>
      </form>
      {create.isError && <FormAlert>{errorText(create.error)}</FormAlert>}
      {enrolment && (
        <div className={styles.join} role="status">
          <p>{t('servers.ownNodes.join.lede', { expires: new Date(enrolment.expires) })}</p>
          <pre className={styles.command}>
            <code>{enrolment.command}</code>
          </pre>
          <CopyButton text={enrolment.command} label={t('servers.ownNodes.join.copy')} copiedLabel={t('servers.ownNodes.join.copied')} />
          <p className={styles.hint}>{t('servers.ownNodes.join.hint')}</p>
        </div>
      )}
    </section>
  );
}

function NodeCard({ node }: { node: OwnNode }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [maxServers, setMaxServers] = useState(node.limits.max_servers?.toString() ?? '');
  const [maxMemory, setMaxMemory] = useState(node.limits.max_memory_mib?.toString() ?? '');
  const [serverName, setServerName] = useState('');
  const [memory, setMemory] = useState('1024');
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownNodeQueries.all() });
  const limits = useMutation({ mutationFn: () => editOwnNode(node.id, { max_servers: limitValue(maxServers), max_memory_mib: limitValue(maxMemory) }), onSuccess: refresh });
  const revoke = useMutation({
    mutationFn: () => revokeOwnNode(node.id),
    onSuccess: () => {
      setConfirming(false);
      refresh();
      void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
    },
  });
  const createServer = useMutation({
    mutationFn: () => createOwnNodeServer(node.id, { name: serverName.trim(), memory_mib: Number(memory) }),
    onSuccess: (server) => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      void navigate(serverPaths.panel(server.id));
    },
  });
  const headingId = `own-node-${node.id}`;
  const isolation = node.isolation ? (node.isolation.enabled ? t('servers.ownNodes.isolation.on', { mechanism: node.isolation.mechanism }) : t('servers.ownNodes.isolation.off')) : t('servers.ownNodes.isolation.unknown');
  return (
    <li className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        {node.name}
      </h2>
      <p className={node.connected ? styles.online : styles.offline}>{node.connected ? t('servers.ownNodes.connected') : t('servers.ownNodes.disconnected')}</p>
      <dl className={styles.facts}>
        <dt>{t('servers.ownNodes.capacity')}</dt>
        <dd>{t('servers.ownNodes.capacityValue', { cores: node.cpu_cores, memory: node.memory_total_mib })}</dd>
        <dt>{t('servers.ownNodes.usage')}</dt>
        <dd>{t('servers.ownNodes.usageValue', { servers: node.servers, memory: node.allocated_memory_mib })}</dd>
        <dt>{t('servers.ownNodes.isolation')}</dt>
        <dd>{isolation}</dd>
        <dt>{t('servers.ownNodes.address')}</dt>
        <dd>{node.game_host ?? '—'}</dd>
      </dl>
      <form
        className={styles.row}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          limits.mutate();
        }}
      >
        <TextField label={t('servers.ownNodes.maxServers')} hint={t('servers.ownNodes.noLimit')} type="number" min={1} value={maxServers} onChange={(event) => setMaxServers(event.target.value)} />
        <TextField label={t('servers.ownNodes.maxMemory')} hint={t('servers.ownNodes.noLimit')} type="number" min={256} value={maxMemory} onChange={(event) => setMaxMemory(event.target.value)} />
        <Button type="submit" disabled={limits.isPending}>
          {t('servers.ownNodes.saveLimits')}
        </Button>
      </form>
      {limits.isError && <FormAlert>{errorText(limits.error)}</FormAlert>}
      <form
        className={styles.row}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (serverName.trim()) createServer.mutate();
        }}
      >
        <TextField label={t('servers.ownNodes.serverName')} value={serverName} maxLength={48} required autoComplete="off" onChange={(event) => setServerName(event.target.value)} />
        <TextField label={t('servers.ownNodes.serverMemory')} type="number" min={256} value={memory} onChange={(event) => setMemory(event.target.value)} />
        <Button type="submit" color="brand" disabled={createServer.isPending || !node.connected || !serverName.trim()}>
          {t('servers.ownNodes.createServer')}
        </Button>
      </form>
      {createServer.isError && <FormAlert>{errorText(createServer.error)}</FormAlert>}
      <Button color="red" onClick={() => setConfirming(true)}>
        {t('servers.ownNodes.revoke')}
      </Button>
      <ConfirmModal open={confirming} onClose={() => setConfirming(false)} title={t('servers.ownNodes.revokeTitle', { name: node.name })} confirmLabel={t('servers.ownNodes.revoke')} onConfirm={() => revoke.mutate()} pending={revoke.isPending}>
        <p>{t('servers.ownNodes.revokeText')}</p>
      </ConfirmModal>
    </li>
  );
}

/** `/servers/nodes`: "My nodes", the user's own machines running the node agent. */
export function OwnNodesPage() {
  const t = useT();
  const query = useQuery(ownNodeQueries.list());
  return (
    <div className={styles.page}>
      <h1>{t('servers.ownNodes.title')}</h1>
      <p>{t('servers.ownNodes.lede')}</p>
      <AddNode />
      {query.isPending ? (
        <SkeletonRegion label={t('servers.ownNodes.loading')}>
          <Skeleton height="6rem" />
        </SkeletonRegion>
      ) : query.isError ? (
        <FormAlert>{errorText(query.error)}</FormAlert>
      ) : query.data.length === 0 ? (
        <EmptyState framed>{t('servers.ownNodes.empty')}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('servers.ownNodes.listLabel')}>
          {query.data.map((node) => (
            <NodeCard key={node.id} node={node} />
          ))}
        </ul>
      )}
    </div>
  );
}
