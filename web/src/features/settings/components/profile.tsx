import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, BIO_MAX_LENGTH, type User } from '@cairn/shared/schemas/users';
import { UsernameSchema } from '@cairn/shared/schemas/common';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FieldError, FieldHint, FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { imageExtension } from '../../../lib/image-extension';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useChangeAvatar, useRemoveAvatar, useSaveProfile } from '../api/use-profile-mutations';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { SettingsForm, SettingsFormActions, SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { AvatarEditor } from '../../../components/ui/avatar-editor';

function ProfilePicture({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();

  const upload = useChangeAvatar(user.id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('account.profile.pictureSaved') });
    },
    onError: (failure) => setError(formErrorsFrom(failure, {}).form),
  });
  const reset = useRemoveAvatar(user.id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('account.profile.pictureRemoved') });
    },
    onError: (error) => notifications.addError(error),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const ext = imageExtension(file);
    if (!ext) return setError(t('account.profile.pictureType'));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('account.profile.pictureSize', { kib: AVATAR_MAX_BYTES / 1024 }));
    setError(undefined);
    upload.mutate({ file, ext });
  };

  return (
    <AvatarEditor picture={<Avatar src={user.avatar_url} name={user.username} size="large" />}>
      <input ref={input} type="file" accept={AVATAR_EXTENSIONS.map((ext) => `image/${ext}`).join(',')} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFile} />
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending}>
        {t('account.profile.upload')}
      </Button>
      {user.avatar_url && (
        <Button variant="transparent" onClick={() => reset.mutate()} disabled={reset.isPending}>
          {t('account.profile.reset')}
        </Button>
      )}
      <FieldHint>{t('account.profile.pictureHint', { kib: AVATAR_MAX_BYTES / 1024 })}</FieldHint>
      {error && (
        <FieldError role="alert">
          {error}
        </FieldError>
      )}
    </AvatarEditor>
  );
}

interface ProfileValues {
  username: string;
  bio: string;
}

/** Public profile: picture, username and bio (saved with a toast). */
export function ProfileSettings({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(
    () =>
      z.object({
        username: z.string().refine((value) => UsernameSchema.safeParse(value).success, t('account.signUp.usernameInvalid')),
        bio: z.string(),
      }),
    [t],
  );
  const { register, handleSubmit, setError, clearErrors, control, formState } = useZodForm<ProfileValues>(schema, { username: user.username, bio: user.bio ?? '' });
  const { errors } = formState;
  const [username, bio] = useWatch({ control, name: ['username', 'bio'] });

  const save = useSaveProfile(user.id, {
    onSuccess: () => {
      clearErrors();
      notifications.add({ type: 'success', title: t('account.profile.saved') });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof ProfileValues>(error, { username_taken: 'username' }, { username: 'username', bio: 'bio' })),
  });

  const submit = handleSubmit((values) => save.mutate({ username: values.username, bio: values.bio.trim() === '' ? null : values.bio }));

  const changed = username !== user.username || bio !== (user.bio ?? '');
  return (
    <>
      <SettingsPageHeader
        title={t('account.profile.title')}
        lede={
          <>
            {t('account.profile.lede')} <AppLink to={paths.user.getHref(user.username)}>{t('account.profile.view')}</AppLink>
          </>
        }
      />
      <SettingsSection title={t('account.profile.picture')}>
        <ProfilePicture user={user} />
      </SettingsSection>
      <SettingsSection title={t('account.profile.details')}>
        <SettingsForm onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('account.signUp.username')}
            maxLength={39}
            autoComplete="username"
            hint={t('account.profile.usernameHint')}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextAreaField
            label={t('account.profile.bio')}
            maxLength={BIO_MAX_LENGTH}
            rows={3}
            hint={t('account.profile.bioHint', { count: bio.length, max: BIO_MAX_LENGTH })}
            error={errors.bio?.message}
            {...register('bio')}
          />
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <SettingsFormActions>
            <Button type="submit" color="brand" disabled={!changed || save.isPending}>
              {t('account.profile.save')}
            </Button>
          </SettingsFormActions>
        </SettingsForm>
      </SettingsSection>
    </>
  );
}
