import { isHttpsUrl, type ModifyProjectBody, type Project } from '@cairn/shared/schemas/projects';
import type { DonationPlatformTag } from '@cairn/shared/schemas/tags';
import { useEffect, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useModifyProject } from '../api/use-project-mutations';
import { detectDonationPlatform } from '../utils/link-platforms';
import { holds, type SettingsAccess } from '../utils/permissions';
import { SaveBar } from './save-bar';
import { NoAccessNotice } from './no-access-notice';
import { SelectField } from './settings-controls';
import styles from './settings-controls.module.css';
import linkStyles from './links-settings.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const LINK_FIELDS = ['issues_url', 'source_url', 'wiki_url', 'discord_url'] as const;
type LinkField = (typeof LINK_FIELDS)[number];

interface LinksValues extends Record<LinkField, string> {
  donations: Array<{ platform: string; url: string }>;
}

function initialValues(project: Project): LinksValues {
  return {
    issues_url: project.issues_url ?? '',
    source_url: project.source_url ?? '',
    wiki_url: project.wiki_url ?? '',
    discord_url: project.discord_url ?? '',
    donations: [...project.donation_urls.map((link) => ({ platform: link.id, url: link.url })), { platform: '', url: '' }],
  };
}

/** The PATCH body: every link (empty ones as null) and the filled donation rows. */
export function linksBody(values: LinksValues): ModifyProjectBody {
  const body: ModifyProjectBody = {};
  for (const field of LINK_FIELDS) body[field] = values[field].trim() || null;
  body.donation_urls = values.donations.filter((row) => row.url.trim()).map((row) => ({ id: row.platform || 'other', platform: row.platform || 'other', url: row.url.trim() }));
  return body;
}

/** Links: where to report issues, the source, the wiki, the chat server, and donation pages. */
export function LinksSettings({ project, access, platforms }: { project: Project; access: SettingsAccess; platforms: readonly DonationPlatformTag[] }) {
  const t = useT();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_DETAILS');
  const url = useMemo(() => z.string().refine((value) => value.trim() === '' || isHttpsUrl(value.trim()), t('projectSettings.links.invalidUrl')), [t]);
  const schema = useMemo(
    () =>
      z.object({
        issues_url: url,
        source_url: url,
        wiki_url: url,
        discord_url: url,
        donations: z.array(z.object({ platform: z.string(), url })),
      }),
    [url],
  );
  const { getValues, register, handleSubmit, reset, setError, setValue, control, formState, getFieldState } = useZodForm<LinksValues>(schema, initialValues(project));
  const { errors, isDirty } = formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'donations' });
  const donations = useWatch({ control, name: 'donations' });

  // One blank row is always there to add another link.
  useEffect(() => {
    const last = donations.at(-1);
    if (!last || last.url.trim() !== '') append({ platform: '', url: '' }, { shouldFocus: false });
  }, [donations, append]);

  // A pasted URL picks its platform, unless someone chose one by hand.
  useEffect(() => {
    donations.forEach((row, index) => {
      const detected = detectDonationPlatform(row.url);
      if (detected && detected !== row.platform && !getFieldState(`donations.${index}.platform`).isDirty) {
        setValue(`donations.${index}.platform`, detected, { shouldDirty: false });
      }
    });
  }, [donations, setValue, getFieldState]);

  const save = useModifyProject(project.id, {
    onSuccess: () => {
      // The saved values become the new baseline, so the form is clean until the next edit.
      reset(getValues());
      notifications.add({ type: 'success', title: t('projectSettings.saved') });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof LinksValues>(error, {}, { issues_url: 'issues_url', source_url: 'source_url', wiki_url: 'wiki_url', discord_url: 'discord_url' })),
  });
  const submit = handleSubmit((values) => save.mutate(linksBody(values)));

  const labels: Record<LinkField, string> = {
    issues_url: t('projectSettings.links.issues'),
    source_url: t('projectSettings.links.source'),
    wiki_url: t('projectSettings.links.wiki'),
    discord_url: t('projectSettings.links.discord'),
  };
  return (
    <>
      <SettingsPageHeader title={t('projectSettings.links.title')} lede={t('projectSettings.links.lede')} />
      {!canEdit && <NoAccessNotice section="links" permission="EDIT_DETAILS" access={access} />}
      <form className={styles.form} aria-label={t('projectSettings.links.title')} onSubmit={(event) => void submit(event)} noValidate>
        <SettingsSection title={t('projectSettings.links.external')} id="project-links">
          <fieldset className={styles.fieldset} disabled={!canEdit}>
            {LINK_FIELDS.map((field) => (
              <TextField key={field} label={labels[field]} type="url" maxLength={2048} placeholder="https://" error={errors[field]?.message} {...register(field)} />
            ))}
          </fieldset>
        </SettingsSection>
        <SettingsSection title={t('projectSettings.links.donations')} description={t('projectSettings.links.donationsLede')} id="project-donations">
          <fieldset className={styles.fieldset} disabled={!canEdit}>
            <legend className={styles.visuallyHidden}>{t('projectSettings.links.donations')}</legend>
            {fields.map((field, index) => (
              <div key={field.id} className={linkStyles.donation}>
                <TextField
                  label={t('projectSettings.links.donationUrl', { number: index + 1 })}
                  type="url"
                  maxLength={2048}
                  placeholder="https://"
                  error={errors.donations?.[index]?.url?.message}
                  {...register(`donations.${index}.url`)}
                />
                <SelectField label={t('projectSettings.links.platform', { number: index + 1 })} {...register(`donations.${index}.platform`)}>
                  <option value="">{t('projectSettings.links.choosePlatform')}</option>
                  {platforms.map((platform) => (
                    <option key={platform.short} value={platform.short}>
                      {platform.name}
                    </option>
                  ))}
                </SelectField>
                {index < fields.length - 1 && (
                  <Button variant="transparent" size="small" onClick={() => remove(index)}>
                    {t('projectSettings.links.removeDonation', { number: index + 1 })}
                  </Button>
                )}
              </div>
            ))}
          </fieldset>
        </SettingsSection>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <SaveBar dirty={isDirty} pending={save.isPending} disabled={!canEdit} />
      </form>
      <UnsavedChangesGuard dirty={isDirty && !save.isPending} />
    </>
  );
}
