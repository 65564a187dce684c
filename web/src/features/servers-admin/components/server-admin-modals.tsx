import { ServerSuspensionReasonSchema, type Server, type ServerNode, type ServerSuspensionReason } from '@cairn/shared/schemas/servers';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/input';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useMoveServer, useSuspendServer } from '../api/use-server-admin-mutations';
import styles from './servers-admin.module.css';

const errorText = (error: Error | null) => (error instanceof HttpError ? error.description : error?.message);

/** Staff suspension with its reason (customers see it on their panel). */
export function SuspendServerModal({ server, onClose }: { server: Server; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState<ServerSuspensionReason>('support');
  const suspend = useSuspendServer({ onSuccess: onClose, onError: () => undefined });
  return (
    <FormModal
      title={t('servers.admin.suspendTitle', { name: server.name })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        suspend.mutate({ id: server.id, reason });
      }}
      submitLabel={t('servers.admin.suspend')}
      submitColor="red"
      submitDisabled={suspend.isPending}
      formClassName={styles.modalForm}
    >
      {suspend.error && <FormAlert>{errorText(suspend.error)}</FormAlert>}
      <label className={styles.select} htmlFor={id}>
        {t('servers.admin.reason')}
        <Select id={id} value={reason} onChange={(event) => setReason(ServerSuspensionReasonSchema.parse(event.target.value))}>
          {ServerSuspensionReasonSchema.options.map((option) => (
            <option key={option} value={option}>
              {t(`servers.admin.reason.${option}`)}
            </option>
          ))}
        </Select>
      </label>
    </FormModal>
  );
}

/** Move a server to another node: the other nodes with their free memory. */
export function MoveServerModal({ server, nodes, onClose }: { server: Server; nodes: readonly ServerNode[]; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const targets = nodes.filter((node) => node.id !== server.node?.id);
  const [nodeId, setNodeId] = useState(targets[0]?.id ?? '');
  const move = useMoveServer({ onSuccess: onClose, onError: () => undefined });
  return (
    <FormModal
      title={t('servers.admin.moveTitle', { name: server.name })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (nodeId) move.mutate({ id: server.id, nodeId });
      }}
      submitLabel={move.isPending ? t('servers.admin.moving') : t('servers.admin.move')}
      submitDisabled={move.isPending || !nodeId}
      formClassName={styles.modalForm}
    >
      <p>{t('servers.admin.moveExplain')}</p>
      {move.error && <FormAlert>{errorText(move.error)}</FormAlert>}
      {targets.length === 0 ? (
        <FormAlert tone="info">{t('servers.admin.noOtherNode')}</FormAlert>
      ) : (
        <label className={styles.select} htmlFor={id}>
          {t('servers.admin.targetNode')}
          <Select id={id} value={nodeId} onChange={(event) => setNodeId(event.target.value)}>
            {targets.map((node) => (
              <option key={node.id} value={node.id}>
                {t('servers.admin.nodeOption', { name: node.name, free: node.memory_mib - node.allocated_memory_mib })}
              </option>
            ))}
          </Select>
        </label>
      )}
    </FormModal>
  );
}
