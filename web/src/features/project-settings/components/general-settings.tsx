import type { InputSideTypeSchema} from '@cairn/shared/schemas/projects';
import { ProjectSummarySchema, ProjectTitleSchema, type ModifyProjectBody, type Project } from '@cairn/shared/schemas/projects';
import { SlugSchema } from '@cairn/shared/schemas/common';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useModifyProject } from '../api/use-project-mutations';
import { holds, type SettingsAccess } from '../utils/permissions';
import { currentVisibility, isApproved, VISIBILITIES, visibilityBody, visibilityReach, type Visibility } from '../utils/visibility';
import { DeleteProjectSection } from './delete-project-section';
import { IconEditor } from './icon-editor';
import { SaveBar } from './save-bar';
import { NoAccessNotice } from './no-access-notice';
import { SelectField } from './settings-controls';
import styles from './settings-controls.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

type Side = z.infer<typeof InputSideTypeSchema> | '';

interface GeneralValues {
  title: string;
  slug: string;
  description: string;
  client_side: Side;
  server_side: Side;
  visibility: Visibility;
}

const SIDES = ['required', 'optional', 'unsupported'] as const;

function initialValues(project: Project): GeneralValues {
  const side = (value: string): Side => (value === 'unknown' ? '' : (value as Side));
  return {
    title: project.title,
    slug: project.slug,
    description: project.description,
    client_side: side(project.client_side),
    server_side: side(project.server_side),
    visibility: currentVisibility(project),
  };
}

/** The fields that differ from the project as saved. */
export function generalChanges(project: Project, values: GeneralValues): ModifyProjectBody {
  const before = initialValues(project);
  const body: ModifyProjectBody = {};
  if (values.title !== before.title) body.title = values.title.trim();
  if (values.slug !== before.slug) body.slug = values.slug;
  if (values.description !== before.description) body.description = values.description.trim();
  if (values.client_side !== before.client_side && values.client_side) body.client_side = values.client_side;
  if (values.server_side !== before.server_side && values.server_side) body.server_side = values.server_side;
  if (values.visibility !== before.visibility) Object.assign(body, visibilityBody(project, values.visibility));
  return body;
}

interface GeneralSettingsProps {
  project: Project;
  access: SettingsAccess;
  /** Whether the project type has client and server sides (mods and modpacks). */
  hasSides: boolean;
  /** The project page's URL prefix shown before the slug, e.g. `https://cairn.example/mod/`. */
  urlPrefix: string;
  /** Called after a save that changed the slug, to move to the settings page's new URL. */
  onSlugChanged: (slug: string) => void;
  /** Called once the project is deleted. */
  onDeleted: () => void;
}

/** General: icon, name, URL, summary, environment, visibility and deletion (web-screens §2.5). */
export function GeneralSettings({ project, access, hasSides, urlPrefix, onSlugChanged, onDeleted }: GeneralSettingsProps) {
  const t = useT();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_DETAILS');
  const schema = useMemo(
    () =>
      z.object({
        title: z.string().refine((value) => ProjectTitleSchema.safeParse(value).success, t('projectSettings.general.nameInvalid')),
        slug: z.string().refine((value) => SlugSchema.safeParse(value).success, t('projectSettings.general.slugInvalid')),
        description: z.string().refine((value) => ProjectSummarySchema.safeParse(value).success, t('projectSettings.general.summaryInvalid')),
        client_side: z.enum(['', ...SIDES]),
        server_side: z.enum(['', ...SIDES]),
        visibility: z.enum(VISIBILITIES),
      }),
    [t],
  );
  const form = useZodForm<GeneralValues>(schema, initialValues(project));
  const { register, handleSubmit, reset, setError, formState, watch } = form;
  const { errors, isDirty } = formState;
  const [movedTo, setMovedTo] = useState<string | undefined>();

  // After the form is clean again (so the guard lets it go), move to the new slug's URL.
  useEffect(() => {
    if (movedTo && !isDirty) onSlugChanged(movedTo);
  }, [movedTo, isDirty, onSlugChanged]);

  const save = useModifyProject(project.id, {
    onSuccess: (_, body) => {
      notifications.add({ type: 'success', title: t('projectSettings.saved') });
      reset(form.getValues());
      if (body.slug) setMovedTo(body.slug);
    },
    onError: (error) =>
      setFormErrors(
        setError,
        formErrorsFrom<keyof GeneralValues>(error, { slug_taken: 'slug' }, { title: 'title', slug: 'slug', description: 'description', client_side: 'client_side', server_side: 'server_side' }),
      ),
  });
  const submit = handleSubmit((values) => {
    const body = generalChanges(project, values);
    if (Object.keys(body).length > 0) save.mutate(body);
  });

  const visibility = watch('visibility');
  const description = watch('description');
  const reach = visibilityReach(visibility);
  const approved = isApproved(project);
  return (
    <>
      <SettingsPageHeader title={t('projectSettings.general.title')} />
      {!canEdit && <NoAccessNotice section="general" permission="EDIT_DETAILS" access={access} />}
      <SettingsSection title={t('projectSettings.general.icon')} id="project-icon">
        <IconEditor project={project} disabled={!canEdit} />
      </SettingsSection>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('projectSettings.general.title')}>
        <SettingsSection title={t('projectSettings.general.details')} id="project-details">
          <div className={styles.form}>
            <fieldset className={styles.fieldset} disabled={!canEdit}>
              <TextField label={t('projectSettings.general.name')} maxLength={64} error={errors.title?.message} {...register('title')} />
              <TextField
                label={t('projectSettings.general.url')}
                maxLength={64}
                hint={t('projectSettings.general.urlHint', { prefix: urlPrefix })}
                error={errors.slug?.message}
                autoComplete="off"
                spellCheck={false}
                {...register('slug')}
              />
              <TextAreaField
                label={t('projectSettings.general.summary')}
                maxLength={256}
                rows={3}
                hint={t('projectSettings.counter', { count: description.length, max: 256 })}
                error={errors.description?.message}
                {...register('description')}
              />
            </fieldset>
          </div>
        </SettingsSection>
        {hasSides && (
          <SettingsSection title={t('projectSettings.general.environment')} description={t('projectSettings.general.environmentLede')} id="project-environment">
            <fieldset className={styles.fieldset} disabled={!canEdit}>
              {(['client_side', 'server_side'] as const).map((side) => (
                <SelectField key={side} label={t(side === 'client_side' ? 'projectSettings.general.clientSide' : 'projectSettings.general.serverSide')} hint={t(side === 'client_side' ? 'projectSettings.general.clientHint' : 'projectSettings.general.serverHint')} error={errors[side]?.message} {...register(side)}>
                  <option value="" disabled>
                    {t('projectSettings.general.sideUnknown')}
                  </option>
                  {SIDES.map((value) => (
                    <option key={value} value={value}>
                      {t(`projectSettings.side.${value}`)}
                    </option>
                  ))}
                </SelectField>
              ))}
            </fieldset>
          </SettingsSection>
        )}
        <SettingsSection title={t('projectSettings.general.visibility')} description={approved ? t('projectSettings.general.visibilityApproved') : t('projectSettings.general.visibilityPending')} id="project-visibility">
          <fieldset className={styles.fieldset} disabled={!canEdit}>
            <legend className={styles.visuallyHidden}>{t('projectSettings.general.visibility')}</legend>
            {VISIBILITIES.map((value) => (
              <label key={value} className={styles.row}>
                <input type="radio" value={value} {...register('visibility')} />
                {t(`projectSettings.visibility.${value}`)}
              </label>
            ))}
          </fieldset>
          <ul aria-label={t('projectSettings.general.reach')}>
            {(['search', 'profile', 'url'] as const).map((where) => (
              <li key={where}>
                {t(`projectSettings.reach.${where}.${reach[where] ? 'yes' : 'no'}`, { future: approved ? 'no' : 'yes' })}
              </li>
            ))}
          </ul>
        </SettingsSection>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <SaveBar dirty={isDirty} pending={save.isPending} disabled={!canEdit} />
      </form>
      {holds(access.permissions, 'DELETE_PROJECT') && <DeleteProjectSection project={project} onDeleted={onDeleted} />}
      <UnsavedChangesGuard dirty={isDirty && !save.isPending} />
    </>
  );
}
