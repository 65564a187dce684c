import { isHttpsUrl, type Project } from '@cairn/shared/schemas/projects';
import type { LicenseTag } from '@cairn/shared/schemas/tags';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useModifyProject } from '../api/use-project-mutations';
import { ALL_RIGHTS_RESERVED, buildLicenseId, CUSTOM_LICENSE, LICENSE_CHOICES, licenseFormValues, type LicenseFormValues } from '../utils/license-id';
import { holds, type SettingsAccess } from '../utils/permissions';
import { SaveBar } from './save-bar';
import { NoAccessNotice } from './no-access-notice';
import { SelectField } from './settings-controls';
import styles from './settings-controls.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** License: a common license, or any SPDX id, or a custom license with its own name and URL. */
export function LicenseSettings({ project, access, licenses }: { project: Project; access: SettingsAccess; licenses: readonly LicenseTag[] }) {
  const t = useT();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_DETAILS');
  const listId = useId();
  const names = useMemo(() => new Map(licenses.map((license) => [license.short, license.name])), [licenses]);
  const schema = useMemo(
    () =>
      z
        .object({
          choice: z.string().min(1, t('projectSettings.license.choose')),
          orLater: z.boolean(),
          noSpdx: z.boolean(),
          spdxId: z.string(),
          name: z.string().max(128),
          url: z.string().refine((value) => value === '' || isHttpsUrl(value), t('projectSettings.links.invalidUrl')),
        })
        .superRefine((values, ctx) => {
          if (values.choice !== CUSTOM_LICENSE) return;
          if (values.noSpdx && !values.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: t('projectSettings.license.nameRequired') });
          if (!values.noSpdx && !names.has(values.spdxId.trim())) ctx.addIssue({ code: 'custom', path: ['spdxId'], message: t('projectSettings.license.unknownSpdx') });
          if (!values.url) ctx.addIssue({ code: 'custom', path: ['url'], message: t('projectSettings.license.urlRequired') });
        }),
    [t, names],
  );
  const { register, handleSubmit, reset, setError, control, formState } = useZodForm<LicenseFormValues>(schema, licenseFormValues(project.license.id, project.license.url));
  const { errors, isDirty } = formState;
  const [choice, noSpdx] = useWatch({ control, name: ['choice', 'noSpdx'] });
  const hasLaterEditions = LICENSE_CHOICES.find((c) => c.id === choice)?.laterEditions === true;

  const save = useModifyProject(project.id, {
    onSuccess: (_, body) => {
      reset(licenseFormValues(body.license_id ?? project.license.id, body.license_url ?? null));
      notifications.add({ type: 'success', title: t('projectSettings.saved') });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof LicenseFormValues>(error, {}, { license_id: 'choice', license_url: 'url' })),
  });
  const submit = handleSubmit((values) => save.mutate({ license_id: buildLicenseId(values), license_url: values.url.trim() || null }));

  const label = (id: string) => (id === ALL_RIGHTS_RESERVED ? t('projectSettings.license.arr') : (names.get(id) ?? names.get(`${id}-only`)?.replace(/ only$/, '') ?? id));
  return (
    <>
      <SettingsPageHeader title={t('projectSettings.license.title')} lede={t('projectSettings.license.lede')} />
      {!canEdit && <NoAccessNotice section="license" permission="EDIT_DETAILS" access={access} />}
      <form className={styles.form} aria-label={t('projectSettings.license.title')} onSubmit={(event) => void submit(event)} noValidate>
        <SettingsSection title={t('projectSettings.license.section')} id="project-license">
          <fieldset className={styles.fieldset} disabled={!canEdit}>
            <SelectField label={t('projectSettings.license.select')} error={errors.choice?.message} {...register('choice')}>
              <option value="" disabled>
                {t('projectSettings.license.placeholder')}
              </option>
              <option value={CUSTOM_LICENSE}>{t('projectSettings.license.custom')}</option>
              {LICENSE_CHOICES.map((c) => (
                <option key={c.id} value={c.id}>
                  {label(c.id)}
                </option>
              ))}
            </SelectField>
            {hasLaterEditions && <CheckboxField label={t('projectSettings.license.orLater')} {...register('orLater')} />}
            {choice === CUSTOM_LICENSE && (
              <>
                <CheckboxField label={t('projectSettings.license.noSpdx')} {...register('noSpdx')} />
                {noSpdx ? (
                  <TextField label={t('projectSettings.license.name')} maxLength={128} error={errors.name?.message} hint={t('projectSettings.license.nameHint')} {...register('name')} />
                ) : (
                  <>
                    <TextField label={t('projectSettings.license.spdx')} list={listId} maxLength={128} autoComplete="off" spellCheck={false} error={errors.spdxId?.message} hint={t('projectSettings.license.spdxHint')} {...register('spdxId')} />
                    <datalist id={listId}>
                      {licenses.map((license) => (
                        <option key={license.short} value={license.short}>
                          {license.name}
                        </option>
                      ))}
                    </datalist>
                  </>
                )}
              </>
            )}
            <TextField
              label={t('projectSettings.license.url')}
              type="url"
              maxLength={2048}
              hint={choice === CUSTOM_LICENSE ? t('projectSettings.license.urlHintCustom') : t('projectSettings.license.urlHint')}
              error={errors.url?.message}
              {...register('url')}
            />
          </fieldset>
        </SettingsSection>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <SaveBar dirty={isDirty} pending={save.isPending} disabled={!canEdit} />
      </form>
      <UnsavedChangesGuard dirty={isDirty && !save.isPending} />
    </>
  );
}
