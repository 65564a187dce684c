import { OAuthAppDescriptionSchema, OAuthAppNameSchema, OAuthAppUrlSchema, RedirectUriSchema, type CreatedOAuthClient, type OAuthClient } from '@cairn/shared/schemas/oauth';
import type { User } from '@cairn/shared/schemas/users';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@cairn/shared/schemas/users';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { SecretList, SecretReveal } from '../../../components/secret-reveal/secret-reveal';
import styles from './applications.module.css';
import cardStyles from './app-card.module.css';
import { ExternalLink } from '../../../components/ui/external-link';
import { FieldError, FieldGroup, FieldHint, FieldLabel, FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { CloseIcon } from '../../../components/ui/icons';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/ui/settings-icons';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { oauthQueries } from '../api/oauth-queries';
import { useDeleteOAuthApp, useSaveOAuthApp } from '../api/use-oauth-app-mutations';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { AppIcon } from '../../../components/ui/app-icon';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ScopePicker } from '../../../components/scopes/scope-picker';
import { ScopeSummary } from '../../../components/scopes/scope-summary';
import { imageExtension } from '../../../lib/image-extension';
import { SettingsForm, SettingsPageHeader, SettingsToolbar } from '../../../components/layout/settings-page';
import { AvatarEditor } from '../../../components/ui/avatar-editor';
import { CardActions, CardDetails, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';

interface AppValues {
  name: string;
  url: string;
  description: string;
  scopes: number;
  redirectUris: string[];
}

/** The app form's checks (on trimmed text, as it is sent). */
function appFormSchema(t: ReturnType<typeof useT>) {
  return z.object({
    name: z.string().refine((value) => OAuthAppNameSchema.safeParse(value).success, t('account.apps.nameInvalid')),
    url: z.string().refine((value) => value.trim() === '' || OAuthAppUrlSchema.safeParse(value.trim()).success, t('account.apps.urlInvalid')),
    description: z.string().refine((value) => OAuthAppDescriptionSchema.safeParse(value.trim()).success, t('account.apps.descriptionInvalid')),
    scopes: z.number().refine((value) => value !== 0, t('account.pats.scopesRequired')),
    redirectUris: z.array(z.string()).superRefine((values, ctx) => {
      const uris = values.map((uri) => uri.trim());
      if (uris.length === 0 || uris.some((uri) => !RedirectUriSchema.safeParse(uri).success)) ctx.addIssue({ code: 'custom', message: t('account.apps.redirectInvalid') });
      else if (new Set(uris).size !== uris.length) ctx.addIssue({ code: 'custom', message: t('account.apps.redirectDuplicate') });
    }),
  });
}

/** Register (no `app`) or edit an app: name, icon, URL, description, scopes, redirect URIs. */
function AppModal({ app, onClose, onCreated }: { app?: OAuthClient; onClose: () => void; onCreated: (created: CreatedOAuthClient) => void }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(() => appFormSchema(t), [t]);
  const { register, handleSubmit, setError, clearErrors, control, formState } = useZodForm<AppValues>(schema, {
    name: app?.name ?? '',
    url: app?.url ?? '',
    description: app?.description ?? '',
    scopes: app?.max_scopes ?? 0,
    redirectUris: app ? app.redirect_uris.map((uri) => uri.uri) : [''],
  });
  const { errors } = formState;
  const name = useWatch({ control, name: 'name' });
  const { field: scopesField } = useController({ control, name: 'scopes' });
  const { field: urisField } = useController({ control, name: 'redirectUris' });
  const redirectUris = urisField.value;
  const setRedirectUris = urisField.onChange;
  // The icon is not part of the checked form: it is sent on its own after the app is saved.
  const [icon, setIcon] = useState<{ file: File; ext: string; preview: string } | 'remove' | undefined>();
  const [iconError, setIconError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  // The preview of a chosen icon is a blob: URL; let it go once replaced or closed.
  useEffect(() => () => void (icon && icon !== 'remove' && URL.revokeObjectURL(icon.preview)), [icon]);

  const save = useSaveOAuthApp(app, {
    onSuccess: (created) => {
      if (created) onCreated(created);
      else notifications.add({ type: 'success', title: t('account.apps.saved') });
      onClose();
    },
    onError: (error) =>
      setFormErrors(setError, formErrorsFrom<keyof AppValues>(error, {}, { name: 'name', url: 'url', description: 'description', max_scopes: 'scopes', redirect_uris: 'redirectUris' })),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const ext = imageExtension(file);
    clearErrors();
    if (!ext) return setIconError(t('account.profile.pictureType'));
    if (file.size > AVATAR_MAX_BYTES) return setIconError(t('account.profile.pictureSize', { kib: AVATAR_MAX_BYTES / 1024 }));
    setIconError(undefined);
    setIcon({ file, ext, preview: URL.createObjectURL(file) });
  };

  const submit = handleSubmit((values) => {
    setIconError(undefined);
    save.mutate({
      body: {
        name: values.name.trim(),
        max_scopes: values.scopes,
        redirect_uris: values.redirectUris.map((uri) => uri.trim()),
        url: values.url.trim() || null,
        description: values.description.trim() || null,
      },
      icon: icon === 'remove' || icon === undefined ? icon : { file: icon.file, ext: icon.ext },
    });
  }, () => setIconError(undefined));

  const shownIcon = icon === 'remove' ? null : icon ? icon.preview : app?.icon_url;
  return (
    <Modal
      open
      onClose={onClose}
      size="wide"
      title={app ? t('account.apps.editTitle') : t('account.apps.createTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={onClose}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="app-form" color="brand" disabled={save.isPending}>
            {app ? t('account.common.saveChanges') : t('account.apps.create')}
          </Button>
        </>
      }
    >
      <SettingsForm compact id="app-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('account.apps.name')} maxLength={255} error={errors.name?.message} {...register('name')} />
        <FieldGroup>
          <FieldLabel>{t('account.apps.icon')}</FieldLabel>
          <AvatarEditor picture={<AppIcon name={name || '?'} iconUrl={shownIcon} size="large" />}>
            <input ref={fileInput} type="file" accept={AVATAR_EXTENSIONS.map((ext) => `image/${ext}`).join(',')} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFile} />
            <Button size="small" variant="outlined" onClick={() => fileInput.current?.click()}>
              {t('account.apps.chooseIcon')}
            </Button>
            {shownIcon && (
              <Button size="small" variant="transparent" onClick={() => setIcon(app?.icon_url ? 'remove' : undefined)}>
                {t('account.apps.removeIcon')}
              </Button>
            )}
            {iconError && <FieldError>{iconError}</FieldError>}
          </AvatarEditor>
        </FieldGroup>
        <TextField label={t('account.apps.url')} type="url" maxLength={255} placeholder="https://" error={errors.url?.message} {...register('url')} />
        <TextAreaField
          label={t('account.apps.description')}
          rows={2}
          maxLength={255}
          error={errors.description?.message}
          {...register('description')}
        />
        <ScopePicker legend={t('account.apps.scopes')} value={scopesField.value} onChange={scopesField.onChange} error={errors.scopes?.message} />
        <fieldset className={styles.uris}>
          <FieldLabel as="legend">{t('account.apps.redirectUris')}</FieldLabel>
          <FieldHint>{t('account.apps.redirectHint')}</FieldHint>
          {redirectUris.map((uri, index) => (
            <div key={index} className={styles.uriRow}>
              <Input
                block
                aria-label={t('account.apps.redirectUriLabel', { number: index + 1 })}
                value={uri}
                placeholder="https://example.com/callback"
                onChange={(event) => setRedirectUris(redirectUris.map((value, i) => (i === index ? event.target.value : value)))}
              />
              <Button
                variant="transparent"
                iconOnly
                aria-label={t('account.apps.removeRedirect', { number: index + 1 })}
                disabled={redirectUris.length === 1}
                onClick={() => setRedirectUris(redirectUris.filter((_, i) => i !== index))}
              >
                <CloseIcon />
              </Button>
            </div>
          ))}
          <Button size="small" variant="outlined" onClick={() => setRedirectUris([...redirectUris, ''])}>
            <PlusIcon />
            {t('account.apps.addRedirect')}
          </Button>
          {errors.redirectUris?.message && <FieldError>{errors.redirectUris.message}</FieldError>}
        </fieldset>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      </SettingsForm>
    </Modal>
  );
}

function AppCard({ app, onEdit, onDelete }: { app: OAuthClient; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <CardListItem
      media={<AppIcon name={app.name} iconUrl={app.icon_url} />}
      actions={
        <CardActions>
          <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('account.apps.editLabel', { name: app.name })}>
            <EditIcon />
            {t('account.common.edit')}
          </Button>
          <Button size="small" variant="outlined" color="red" onClick={onDelete} aria-label={t('account.apps.deleteLabel', { name: app.name })}>
            <TrashIcon />
            {t('account.apps.delete')}
          </Button>
        </CardActions>
      }
    >
      <CardTitle>{app.name}</CardTitle>
      {app.url && (
        <CardMeta>
          <ExternalLink href={app.url}>{app.url}</ExternalLink>
        </CardMeta>
      )}
      {app.description && <p className={cardStyles.description}>{app.description}</p>}
      <dl className={cardStyles.facts}>
        <div>
          <dt>{t('account.apps.clientId')}</dt>
          <dd>
            <code>{app.id}</code>
            <CopyButton text={app.id} label={t('account.common.copy')} copiedLabel={t('account.common.copied')} size="small" variant="transparent" />
          </dd>
        </div>
        <div>
          <dt>{t('account.apps.redirectUris')}</dt>
          <dd>
            <ul className={cardStyles.uris}>
              {app.redirect_uris.map((uri) => (
                <li key={uri.id}>
                  <code>{uri.uri}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <CardDetails summary={t('account.apps.showScopes')}>
        <ScopeSummary scopes={app.max_scopes} emptyText={t('account.pats.noScopes')} />
      </CardDetails>
    </CardListItem>
  );
}

/** The user's own OAuth apps: register, edit, delete; the client secret is shown once. */
export function ApplicationsSettings({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const { data: apps } = useSuspenseQuery(oauthQueries.userApps(user.id));
  const [editing, setEditing] = useState<OAuthClient | 'new' | undefined>();
  const [created, setCreated] = useState<CreatedOAuthClient | undefined>();
  const [deleting, setDeleting] = useState<OAuthClient | undefined>();
  const remove = useDeleteOAuthApp({
    onSuccess: () => {
      setDeleting(undefined);
      notifications.add({ type: 'success', title: t('account.apps.deleted') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <>
      <SettingsPageHeader title={t('account.apps.title')} lede={t('account.apps.lede')} />
      <SettingsToolbar>
        <Button color="brand" onClick={() => setEditing('new')}>
          <PlusIcon />
          {t('account.apps.createButton')}
        </Button>
      </SettingsToolbar>
      {created && (
        <SecretReveal title={t('account.apps.createdTitle', { name: created.name })} text={t('account.apps.createdText')}>
          <SecretList
            entries={[
              { label: t('account.apps.clientId'), value: created.id },
              { label: t('account.apps.clientSecret'), value: created.client_secret },
            ]}
          />
        </SecretReveal>
      )}
      {apps.length === 0 ? (
        <EmptyState framed>{t('account.apps.empty')}</EmptyState>
      ) : (
        <CardList>
          {apps.map((app) => (
            <AppCard key={app.id} app={app} onEdit={() => setEditing(app)} onDelete={() => setDeleting(app)} />
          ))}
        </CardList>
      )}
      {editing !== undefined && (
        <AppModal key={editing === 'new' ? 'new' : editing.id} app={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} onCreated={setCreated} />
      )}
      <ConfirmModal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('account.apps.deleteTitle')}
        confirmLabel={t('account.apps.delete')}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
      >
        <p>{t('account.apps.deleteText', { name: deleting?.name ?? '' })}</p>
      </ConfirmModal>
    </>
  );
}
