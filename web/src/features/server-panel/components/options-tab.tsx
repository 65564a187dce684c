import type { Server } from '@cairn/shared/schemas/servers';
import { SERVER_NAME_MAX } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { serverPaths } from '../../../config/server-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverAddress } from '../../../lib/servers/server-display';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { usePlatformName } from '../../../lib/servers/use-platform-name';
import { useServerNameSchema } from '../../../lib/servers/use-server-name-schema';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRenameServer } from '../api/use-server-mutations';
import { NetworkSection } from './network-section';
import styles from './options-tab.module.css';
import { PlatformSection } from './platform-section';
import { PreferencesSection } from './preferences-section';
import { PropertiesForm } from './properties-form';
import { StartupSection } from './startup-section';

/** Options: name, server.properties, the server's facts, and where its billing lives. */
export function OptionsTab({ server }: { server: Server }) {
  const t = useT();
  const platform = usePlatformName();
  const locked = server.status !== 'available';
  return (
    <div className={styles.options}>
      <GeneralSection server={server} locked={locked} />
      {!locked && <PlatformSection server={server} />}
      {!locked && <StartupSection serverId={server.id} />}
      {!locked && <NetworkSection server={server} />}
      <PropertiesSection serverId={server.id} locked={locked} />
      {!locked && <PreferencesSection serverId={server.id} />}
      <section className={styles.section} aria-labelledby="server-info-title">
        <h2 id="server-info-title" className={styles.sectionTitle}>
          {t('servers.info.title')}
        </h2>
        <dl className={styles.info}>
          <dt>{t('servers.info.id')}</dt>
          <dd>
            <code>{server.id}</code>
          </dd>
          <dt>{t('servers.info.node')}</dt>
          <dd>{server.node?.name ?? t('servers.info.none')}</dd>
          <dt>{t('servers.info.address')}</dt>
          <dd>{serverAddress(server) ?? t('servers.info.none')}</dd>
          <dt>{t('servers.info.plan')}</dt>
          <dd>{server.plan.name}</dd>
          <dt>{t('servers.info.version')}</dt>
          <dd>{platform.label(server.loader, server.game_version)}</dd>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="server-billing-title">
        <h2 id="server-billing-title" className={styles.sectionTitle}>
          {t('servers.billing.title')}
        </h2>
        <p>{t('servers.billing.text')}</p>
        <ButtonLink to={serverPaths.billing()}>{t('servers.billing.link')}</ButtonLink>
      </section>
    </div>
  );
}

function GeneralSection({ server, locked }: { server: Server; locked: boolean }) {
  const t = useT();
  const formId = useId();
  const schema = useServerNameSchema();
  const { register, handleSubmit, formState, reset } = useZodForm(schema, { name: server.name });
  const rename = useRenameServer(server.id, { onSuccess: (_data, name) => reset({ name }) });
  return (
    <form id={formId} className={styles.section} noValidate aria-labelledby={`${formId}-title`} onSubmit={(event) => void handleSubmit(({ name }) => rename.mutate(name.trim()))(event)}>
      <h2 id={`${formId}-title`} className={styles.sectionTitle}>
        {t('servers.options.general.title')}
      </h2>
      <TextField label={t('servers.options.general.name')} maxLength={SERVER_NAME_MAX} autoComplete="off" required disabled={locked} error={formState.errors.name?.message} {...register('name')} />
      <div>
        <Button type="submit" color="brand" disabled={locked || rename.isPending || !formState.isDirty}>
          {rename.isPending ? t('servers.options.general.saving') : t('servers.options.general.save')}
        </Button>
      </div>
    </form>
  );
}

function PropertiesSection({ serverId, locked }: { serverId: string; locked: boolean }) {
  const t = useT();
  const query = useQuery(serverQueries.properties(serverId));
  if (query.isPending) return <p role="status">{t('servers.properties.loading')}</p>;
  if (query.isError)
    return (
      <div className={styles.section}>
        <FormAlert>{t('servers.properties.error')}</FormAlert>
        <div>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      </div>
    );
  return <PropertiesForm key={JSON.stringify(query.data)} serverId={serverId} properties={query.data} locked={locked} />;
}
