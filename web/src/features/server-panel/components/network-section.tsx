import { ALLOCATION_NAME_MAX, SUBDOMAIN_MAX, SubdomainSchema, type DnsRecord, type Server, type ServerAllocation } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataTable } from '../../../components/ui/data-table';
import { FormAlert, TextField } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useDebounced } from '../../../lib/use-debounced';
import { serverOptionQueries } from '../api/server-options-queries';
import { useCreateAllocation, useDeleteAllocation, useRenameAllocation, useSetSubdomain } from '../api/use-server-option-mutations';
import { dnsRecordsText } from '../utils/dns-records';
import styles from './options-sections.module.css';

/** Options › Network: custom address, extra ports and the DNS records behind the address. */
export function NetworkSection({ server }: { server: Server }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('servers.options.network.title')}
      </h2>
      <SubdomainForm serverId={server.id} />
      <Allocations serverId={server.id} />
      <div className={styles.stack}>
        <h3 className={styles.title}>{t('servers.options.network.listing')}</h3>
        <p>{t('servers.options.network.listingText')}</p>
        <ButtonLink to={paths.serverListingNew.getHref(server.id)}>{t('servers.options.network.listingLink')}</ButtonLink>
      </div>
    </section>
  );
}

function SubdomainForm({ serverId }: { serverId: string }) {
  const t = useT();
  const network = useQuery(serverOptionQueries.network(serverId));
  const [value, setValue] = useState<string | undefined>();
  const current = network.data?.subdomain ?? '';
  const typed = value ?? current;
  const debounced = useDebounced(typed.trim(), 300);
  const valid = SubdomainSchema.safeParse(debounced).success;
  const changed = debounced.toLowerCase() !== current;
  const availability = useQuery({ ...serverOptionQueries.subdomainAvailable(debounced), enabled: valid && changed });
  const save = useSetSubdomain(serverId, { onSuccess: () => setValue(undefined) });
  const localError = typed.trim() && !SubdomainSchema.safeParse(typed.trim()).success ? t('servers.options.network.subdomainInvalid', { max: SUBDOMAIN_MAX }) : undefined;

  let status: { ok: boolean; text: string } | undefined;
  if (valid && changed && availability.data)
    status = availability.data.available ? { ok: true, text: t('servers.options.network.subdomainAvailable') } : { ok: false, text: t('servers.options.network.subdomainTaken') };

  const domain = network.data?.domain;
  return (
    <form
      className={styles.stack}
      noValidate
      aria-label={t('servers.options.network.subdomain')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!localError && typed.trim()) save.mutate(typed.trim());
      }}
    >
      <h3 className={styles.title}>{t('servers.options.network.subdomain')}</h3>
      <p>{domain ? t('servers.options.network.subdomainText', { domain }) : t('servers.options.network.noDomain')}</p>
      <div className={styles.row}>
        <TextField
          label={t('servers.options.network.subdomainLabel')}
          value={typed}
          maxLength={SUBDOMAIN_MAX}
          autoComplete="off"
          spellCheck={false}
          error={localError}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" color="brand" disabled={save.isPending || !changed || !!localError || status?.ok === false}>
          {t('servers.options.network.subdomainSave')}
        </Button>
      </div>
      <div aria-live="polite">{status && <p className={status.ok ? styles.available : styles.unavailable}>{status.text}</p>}</div>
      {network.data && network.data.dns_records.length > 0 && <DnsRecords records={network.data.dns_records} />}
    </form>
  );
}

function DnsRecords({ records }: { records: DnsRecord[] }) {
  const t = useT();
  const exportRecords = () => {
    const url = URL.createObjectURL(new Blob([dnsRecordsText(records)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'dns-records.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.stack}>
      <h3 className={styles.title}>{t('servers.options.network.dnsTitle')}</h3>
      <p>{t('servers.options.network.dnsText')}</p>
      <DataTable
        scroll={false}
        columns={[
          { key: 'type', label: t('servers.options.network.dnsType') },
          { key: 'name', label: t('servers.options.network.dnsName') },
          { key: 'content', label: t('servers.options.network.dnsContent') },
        ]}
      >
        {records.map((record) => (
          <tr key={`${record.type}-${record.name}`}>
            <td>{record.type}</td>
            <td>
              <code>{record.name}</code>
            </td>
            <td>
              <code>{record.content}</code>
            </td>
          </tr>
        ))}
      </DataTable>
      <div>
        <Button onClick={exportRecords}>{t('servers.options.network.dnsExport')}</Button>
      </div>
    </div>
  );
}

function Allocations({ serverId }: { serverId: string }) {
  const t = useT();
  const query = useQuery(serverOptionQueries.allocations(serverId));
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<ServerAllocation | undefined>();
  const [deleting, setDeleting] = useState<ServerAllocation | undefined>();
  const create = useCreateAllocation(serverId, { onSuccess: () => setName('') });
  const remove = useDeleteAllocation(serverId, { onSuccess: () => setDeleting(undefined) });
  const extra = query.data ? query.data.allocations.filter((a) => !a.primary).length : 0;
  const full = query.data ? extra >= query.data.max : false;

  return (
    <div className={styles.stack}>
      <h3 className={styles.title}>{t('servers.options.network.allocations')}</h3>
      {query.isPending && <p role="status">{t('servers.options.loading')}</p>}
      {query.isError && (
        <div className={styles.row}>
          <FormAlert>{t('servers.options.network.allocationsError')}</FormAlert>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      )}
      {query.data && (
        <>
          <p>{t('servers.options.network.allocationsText', { used: extra, max: query.data.max })}</p>
          <DataTable
            scroll={false}
            columns={[
              { key: 'name', label: t('servers.options.network.allocationName') },
              { key: 'port', label: t('servers.options.network.allocationPort') },
              { key: 'actions', label: t('servers.options.network.allocationActions'), hideLabel: true },
            ]}
          >
            {query.data.allocations.map((allocation) => (
              <tr key={allocation.port}>
                <td>{allocation.primary ? t('servers.options.network.primary') : allocation.name}</td>
                <td>
                  <code>{allocation.port}</code>
                </td>
                <td>
                  {!allocation.primary && (
                    <div className={styles.actions}>
                      <Button size="small" onClick={() => setRenaming(allocation)} aria-label={t('servers.options.network.renameLabel', { name: allocation.name })}>
                        {t('servers.options.network.rename')}
                      </Button>
                      <Button size="small" color="red" onClick={() => setDeleting(allocation)} aria-label={t('servers.options.network.deleteLabel', { name: allocation.name })}>
                        {t('servers.options.network.delete')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <form
            className={styles.row}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) create.mutate(name.trim());
            }}
          >
            <TextField label={t('servers.options.network.newName')} value={name} maxLength={ALLOCATION_NAME_MAX} autoComplete="off" onChange={(event) => setName(event.target.value)} />
            <Button type="submit" disabled={create.isPending || full || !name.trim()}>
              {t('servers.options.network.add')}
            </Button>
          </form>
        </>
      )}
      {renaming && <RenameAllocationModal serverId={serverId} allocation={renaming} onClose={() => setRenaming(undefined)} />}
      <ConfirmModal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('servers.options.network.deleteTitle')}
        confirmLabel={t('servers.options.network.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.port)}
      >
        <p>{t('servers.options.network.deleteText', { name: deleting?.name ?? '', port: deleting?.port ?? 0 })}</p>
      </ConfirmModal>
    </div>
  );
}

function RenameAllocationModal({ serverId, allocation, onClose }: { serverId: string; allocation: ServerAllocation; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const [name, setName] = useState(allocation.name);
  const rename = useRenameAllocation(serverId, { onSuccess: onClose });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('servers.options.network.renameTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} color="brand" disabled={rename.isPending || !name.trim()}>
            {t('servers.options.network.rename')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) rename.mutate({ port: allocation.port, name: name.trim() });
        }}
      >
        <TextField label={t('servers.options.network.allocationName')} value={name} maxLength={ALLOCATION_NAME_MAX} autoComplete="off" onChange={(event) => setName(event.target.value)} />
      </form>
    </Modal>
  );
}
