import type { CreatedPat, Pat } from '@cairn/shared/schemas/pats';
import { PatNameSchema } from '@cairn/shared/schemas/pats';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { SecretReveal, SecretValue } from '../../../components/secret-reveal/secret-reveal';
import { FormAlert, TextField } from '../../../components/ui/form';
import { RelativeTime, useNow } from '../../../components/ui/format';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/ui/settings-icons';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { patQueries } from '../api/tokens-queries';
import { useRevokePat, useSavePat } from '../api/use-token-mutations';
import { addDays, endOfDay, toDateInputValue } from '../utils/dates';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ScopePicker } from '../../../components/scopes/scope-picker';
import { ScopeSummary } from '../../../components/scopes/scope-summary';
import { SettingsForm, SettingsPageHeader, SettingsToolbar } from '../../../components/layout/settings-page';
import { CardActions, CardDetails, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { StatusText } from '../../../components/ui/status-text';

const DEFAULT_LIFETIME_DAYS = 90;

interface PatValues {
  name: string;
  scopes: number;
  /** `YYYY-MM-DD`, the value of the date input. */
  expires: string;
}

/** The token form's checks; the expiry is a day still to come. */
function patFormSchema(t: ReturnType<typeof useT>) {
  return z.object({
    name: z.string().refine((value) => PatNameSchema.safeParse(value).success, t('account.pats.nameInvalid')),
    scopes: z.number().refine((value) => value !== 0, t('account.pats.scopesRequired')),
    expires: z.string().superRefine((value, ctx) => {
      const day = endOfDay(value);
      if (!day) ctx.addIssue({ code: 'custom', message: t('account.pats.expiresRequired') });
      else if (day.getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: t('account.pats.expiresPast') });
    }),
  });
}

/** Create (no `pat`) or edit a token: name, scopes by area, expiry date. */
function PatModal({ open, pat, onClose, onCreated }: { open: boolean; pat?: Pat; onClose: () => void; onCreated: (created: CreatedPat) => void }) {
  const t = useT();
  const notifications = useNotifications();
  const initialExpires = toDateInputValue(pat ? new Date(pat.expires) : addDays(new Date(), DEFAULT_LIFETIME_DAYS));
  const schema = useMemo(() => patFormSchema(t), [t]);
  const { register, handleSubmit, setError, control, formState } = useZodForm<PatValues>(schema, { name: pat?.name ?? '', scopes: pat?.scopes ?? 0, expires: initialExpires });
  const { errors } = formState;
  const { field: scopesField } = useController({ control, name: 'scopes' });

  const save = useSavePat(pat, {
    onSuccess: (created) => {
      if (created) onCreated(created);
      else notifications.add({ type: 'success', title: t('account.pats.saved') });
      onClose();
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof PatValues>(error, {}, { name: 'name', scopes: 'scopes', expires: 'expires' })),
  });

  const submit = handleSubmit(({ name, scopes, expires }) =>
    save.mutate({ name: name.trim(), scopes, expires: expires === initialExpires && pat ? undefined : endOfDay(expires)!.toISOString() }),
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="wide"
      title={pat ? t('account.pats.editTitle') : t('account.pats.createTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={onClose}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="pat-form" color="brand" disabled={save.isPending}>
            {pat ? t('account.common.saveChanges') : t('account.pats.create')}
          </Button>
        </>
      }
    >
      <SettingsForm compact id="pat-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('account.pats.name')} maxLength={255} error={errors.name?.message} {...register('name')} />
        <TextField label={t('account.pats.expires')} type="date" min={toDateInputValue(new Date())} error={errors.expires?.message} {...register('expires')} />
        <ScopePicker legend={t('account.pats.scopes')} value={scopesField.value} onChange={scopesField.onChange} error={errors.scopes?.message} />
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      </SettingsForm>
    </Modal>
  );
}

function PatRow({ pat, onEdit, onRevoke }: { pat: Pat; onEdit: () => void; onRevoke: () => void }) {
  const t = useT();
  const now = useNow();
  const expired = new Date(pat.expires).getTime() <= now;
  return (
    <CardListItem
      actions={
        <CardActions>
          <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('account.pats.editLabel', { name: pat.name })}>
            <EditIcon />
            {t('account.common.edit')}
          </Button>
          <Button size="small" variant="outlined" color="red" onClick={onRevoke} aria-label={t('account.pats.revokeLabel', { name: pat.name })}>
            <TrashIcon />
            {t('account.pats.revoke')}
          </Button>
        </CardActions>
      }
    >
      <CardTitle>{pat.name}</CardTitle>
      <CardMeta spread>
        <span>{pat.last_used ? <>{t('account.pats.lastUsed')} <RelativeTime date={pat.last_used} /></> : t('account.pats.neverUsed')}</span>
        {expired ? (
          <StatusText tone="warn" as="span">
            {t('account.pats.expired')} <RelativeTime date={pat.expires} />
          </StatusText>
        ) : (
          <span>
            {t('account.pats.expiresAt')} <RelativeTime date={pat.expires} />
          </span>
        )}
        <span>
          {t('account.pats.created')} <RelativeTime date={pat.created} />
        </span>
      </CardMeta>
      <CardDetails summary={t('account.pats.showScopes')}>
        <ScopeSummary scopes={pat.scopes} emptyText={t('account.pats.noScopes')} />
      </CardDetails>
    </CardListItem>
  );
}

/** Personal access tokens: create (the token is shown once), list, edit, revoke. */
export function PatsSettings() {
  const t = useT();
  const notifications = useNotifications();
  const { data: pats } = useSuspenseQuery(patQueries.list());
  const [editing, setEditing] = useState<Pat | 'new' | undefined>();
  const [created, setCreated] = useState<CreatedPat | undefined>();
  const [revoking, setRevoking] = useState<Pat | undefined>();
  const revoke = useRevokePat({
    onSuccess: () => {
      setRevoking(undefined);
      notifications.add({ type: 'success', title: t('account.pats.revoked') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <>
      <SettingsPageHeader title={t('account.pats.title')} lede={t('account.pats.lede')} />
      <SettingsToolbar>
        <Button color="brand" onClick={() => setEditing('new')}>
          <PlusIcon />
          {t('account.pats.createButton')}
        </Button>
      </SettingsToolbar>
      {created && (
        <SecretReveal title={t('account.pats.createdTitle', { name: created.name })} text={t('account.pats.createdText')}>
          <SecretValue value={created.access_token} />
        </SecretReveal>
      )}
      {pats.length === 0 ? (
        <EmptyState framed>{t('account.pats.empty')}</EmptyState>
      ) : (
        <CardList>
          {pats.map((pat) => (
            <PatRow key={pat.id} pat={pat} onEdit={() => setEditing(pat)} onRevoke={() => setRevoking(pat)} />
          ))}
        </CardList>
      )}
      {editing !== undefined && (
        <PatModal
          key={editing === 'new' ? 'new' : editing.id}
          open
          pat={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onCreated={setCreated}
        />
      )}
      <ConfirmModal
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={t('account.pats.revokeTitle')}
        confirmLabel={t('account.pats.revoke')}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        pending={revoke.isPending}
      >
        <p>{t('account.pats.revokeText', { name: revoking?.name ?? '' })}</p>
      </ConfirmModal>
    </>
  );
}
