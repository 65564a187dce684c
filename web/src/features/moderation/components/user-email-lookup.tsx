import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { RelativeTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { moderationQueries } from '../api/moderation-queries';
import styles from './moderation.module.css';

/** `/admin/user_email`: an admin finds the account behind an email address (support requests). */
export function UserEmailLookup() {
  const t = useT();
  const schema = useMemo(() => z.object({ email: z.string().trim().min(1, t('moderation.userEmail.invalid')).max(64, t('moderation.userEmail.invalid')) }), [t]);
  const { register, handleSubmit, formState } = useZodForm<{ email: string }>(schema, { email: '' });
  const [email, setEmail] = useState<string | undefined>();
  const lookup = useQuery({ ...moderationQueries.userByEmail(email ?? ''), enabled: email !== undefined });
  const submit = handleSubmit((values) => setEmail(values.email.trim()));
  const user = lookup.data;
  const notFound = lookup.error instanceof HttpError && lookup.error.status === 404;

  return (
    <section className={styles.section}>
      <h1>{t('moderation.userEmail.title')}</h1>
      <form className={styles.row} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('moderation.userEmail.email')} type="email" autoComplete="off" required maxLength={64} error={formState.errors.email?.message} {...register('email')} />
        <Button type="submit" color="brand" disabled={lookup.isFetching}>
          {t('moderation.userEmail.submit')}
        </Button>
      </form>
      {notFound && <FormAlert tone="info">{t('moderation.userEmail.notFound')}</FormAlert>}
      {lookup.error && !notFound && <FormAlert>{lookup.error.message}</FormAlert>}
      {user && (
        <div className={styles.item} role="status" aria-label={t('moderation.userEmail.result')}>
          <Avatar src={user.avatar_url || null} name={user.username} />
          <div className={styles.itemMain}>
            <p className={styles.itemName}>{user.username}</p>
            <p className={styles.meta}>
              {user.email} · {user.role} · {t('moderation.userEmail.joined')}{' '}
              <RelativeTime date={user.created} />
            </p>
          </div>
          <ButtonLink to={paths.user.getHref(user.username)} variant="outlined">
            {t('moderation.userEmail.profile', { username: user.username })}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
