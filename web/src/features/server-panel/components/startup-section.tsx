import { JAVA_VERSIONS, STARTUP_INVOCATION_MAX, StartupInvocationSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerStartup } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FieldLabel, FormAlert, TextField } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { serverOptionQueries } from '../api/server-options-queries';
import { useEditServerStartup } from '../api/use-server-option-mutations';
import styles from './options-sections.module.css';

/** Options › Startup: JVM flags and Java version of a java platform; the built-in one has none. */
export function StartupSection({ serverId }: { serverId: string }) {
  const t = useT();
  const titleId = useId();
  const query = useQuery(serverOptionQueries.startup(serverId));
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('servers.options.startup.title')}
      </h2>
      {query.isPending && <p role="status">{t('servers.options.loading')}</p>}
      {query.isError && (
        <div className={styles.row}>
          <FormAlert>{t('servers.options.startup.error')}</FormAlert>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      )}
      {query.data && !query.data.supported && <p>{t('servers.options.startup.builtIn')}</p>}
      {query.data?.supported && <StartupForm key={JSON.stringify(query.data)} serverId={serverId} startup={query.data} />}
    </section>
  );
}

function StartupForm({ serverId, startup }: { serverId: string; startup: ServerStartup }) {
  const t = useT();
  const schema = useMemo(
    () =>
      z.object({
        invocation: z.string().max(STARTUP_INVOCATION_MAX, t('servers.options.startup.tooLong', { max: STARTUP_INVOCATION_MAX })).pipe(
          z.string().refine((value) => StartupInvocationSchema.safeParse(value).success, t('servers.options.startup.invalid')),
        ),
        java: z.string(),
      }),
    [t],
  );
  const { register, handleSubmit, formState, reset } = useZodForm(schema, { invocation: startup.invocation, java: startup.java_version === null ? '' : String(startup.java_version) });
  const save = useEditServerStartup(serverId, { onSuccess: (_data, body) => reset({ invocation: body.invocation ?? '', java: body.java_version == null ? '' : String(body.java_version) }) });
  const submit = handleSubmit(({ invocation, java }) => {
    save.mutate({ invocation: invocation.trim(), java_version: JAVA_VERSIONS.find((v) => String(v) === java) ?? null });
  });
  return (
    <form className={styles.stack} noValidate onSubmit={(event) => void submit(event)} aria-label={t('servers.options.startup.title')}>
      <p>{t('servers.options.startup.text')}</p>
      <TextField
        label={t('servers.options.startup.invocation')}
        hint={t('servers.options.startup.invocationHint')}
        autoComplete="off"
        spellCheck={false}
        error={formState.errors.invocation?.message}
        {...register('invocation')}
      />
      <label className={styles.field}>
        <FieldLabel>{t('servers.options.startup.java')}</FieldLabel>
        <Select {...register('java')}>
          <option value="">{t('servers.options.startup.javaDefault')}</option>
          {startup.java_versions.map((v) => (
            <option key={v} value={String(v)}>
              {t('servers.options.startup.javaVersion', { version: v })}
            </option>
          ))}
        </Select>
      </label>
      <p className={styles.muted}>{t('servers.options.startup.nextStart')}</p>
      <div>
        <Button type="submit" color="brand" disabled={save.isPending || !formState.isDirty}>
          {t('servers.options.startup.save')}
        </Button>
      </div>
    </form>
  );
}
