import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateServerNode } from '../api/use-server-admin-mutations';
import styles from './servers-admin.module.css';

const valuesSchema = z.object({ name: z.string(), url: z.string(), token: z.string(), memory: z.string() });
type Values = z.infer<typeof valuesSchema>;
const EMPTY: Values = { name: '', url: '', token: '', memory: '' };

/** Registers a running node agent (it must answer at the address with the token). */
export function ServerNodeForm() {
  const t = useT();
  const schema = valuesSchema
    .refine((v) => v.name.trim().length > 0 && v.name.trim().length <= 64, { path: ['name'], message: t('servers.admin.node.nameInvalid') })
    .refine((v) => /^https?:\/\/\S+$/.test(v.url.trim()), { path: ['url'], message: t('servers.admin.node.urlInvalid') })
    .refine((v) => v.token.length >= 32, { path: ['token'], message: t('servers.admin.node.tokenInvalid') })
    .refine((v) => v.memory === '' || (/^\d+$/.test(v.memory) && Number(v.memory) >= 64), { path: ['memory'], message: t('servers.admin.node.memoryInvalid') });
  const { register, handleSubmit, formState, reset, setError } = useZodForm<Values>(schema, EMPTY);
  const create = useCreateServerNode({
    onSuccess: () => reset(EMPTY),
    onError: (error) => {
      const message = error instanceof HttpError ? error.description : error.message;
      if (/^url: /.test(message)) setError('url', { type: 'server', message: message.slice(5) });
      else setError('root.server', { type: 'server', message });
    },
  });
  const submit = handleSubmit((v) =>
    create.mutate({ name: v.name.trim(), url: v.url.trim(), token: v.token, ...(v.memory ? { memory_mib: Number(v.memory) } : {}) }),
  );
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('servers.admin.node.add')}>
      {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
      <TextField label={t('servers.admin.node.name')} required error={formState.errors.name?.message} {...register('name')} />
      <TextField label={t('servers.admin.node.url')} type="url" required placeholder="http://127.0.0.1:8450" error={formState.errors.url?.message} {...register('url')} />
      <TextField label={t('servers.admin.node.token')} type="password" autoComplete="off" required error={formState.errors.token?.message} {...register('token')} />
      <TextField label={t('servers.admin.node.memory')} inputMode="numeric" hint={t('servers.admin.node.memoryHint')} error={formState.errors.memory?.message} {...register('memory')} />
      <div>
        <Button type="submit" color="brand" disabled={create.isPending}>
          {t('servers.admin.node.add')}
        </Button>
      </div>
    </form>
  );
}
