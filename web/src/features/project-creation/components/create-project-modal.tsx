import { SlugSchema } from '@cairn/shared/schemas/common';
import { ProjectSummarySchema, ProjectTitleSchema } from '@cairn/shared/schemas/projects';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import type { NewProject } from '../api/project-creation-api';
import { useCreateProject } from '../api/use-create-project';
import { creationErrorsFrom } from '../utils/creation-errors';
import { SLUG_MAX_LENGTH, slugFromName } from '../../../lib/slug';
import styles from './create-project-modal.module.css';

const TITLE_MAX_LENGTH = 64;
const SUMMARY_MAX_LENGTH = 256;
const VISIBILITIES = ['approved', 'unlisted', 'private'] as const satisfies readonly NewProject['visibility'][];

const VISIBILITY_TEXT = {
  approved: { label: 'creator.create.visibility.public', hint: 'creator.create.visibility.publicHint' },
  unlisted: { label: 'creator.create.visibility.unlisted', hint: 'creator.create.visibility.unlistedHint' },
  private: { label: 'creator.create.visibility.private', hint: 'creator.create.visibility.privateHint' },
} as const;

type CreateValues = NewProject;

/**
 * "Create a project": name, URL slug (follows the name until the user edits it), visibility after
 * approval and summary. Creates a draft and opens its page.
 */
export function CreateProjectModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const [slugEdited, setSlugEdited] = useState(false);

  const schema = useMemo(
    () =>
      z.object({
        title: z.string().refine((value) => ProjectTitleSchema.safeParse(value.trim()).success, t('creator.create.nameInvalid', { max: TITLE_MAX_LENGTH })),
        slug: z.string().refine((value) => SlugSchema.safeParse(value).success, t('creator.create.slugInvalid', { max: SLUG_MAX_LENGTH })),
        visibility: z.enum(VISIBILITIES),
        summary: z.string().refine((value) => ProjectSummarySchema.safeParse(value.trim()).success, t('creator.create.summaryInvalid', { max: SUMMARY_MAX_LENGTH })),
      }),
    [t],
  );
  const { register, handleSubmit, setError, setValue, control, formState } = useZodForm<CreateValues>(schema, {
    title: '',
    slug: '',
    visibility: 'approved',
    summary: '',
  });
  const { errors } = formState;
  const [slug, summary] = useWatch({ control, name: ['slug', 'summary'] });

  const create = useCreateProject({
    onSuccess: (project) => {
      notifications.add({ type: 'success', title: t('creator.create.created'), text: project.title });
      onClose();
      void navigate(paths.project.getPermanentHref(project.id));
    },
    onError: (error) => setFormErrors(setError, creationErrorsFrom(error)),
  });

  const titleField = register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) setValue('slug', slugFromName(event.target.value));
    },
  });
  const slugField = register('slug', { onChange: () => setSlugEdited(true) });

  const submit = handleSubmit((values) =>
    create.mutate({ title: values.title.trim(), slug: values.slug, visibility: values.visibility, summary: values.summary.trim() }),
  );

  return (
    <FormModal
      title={t('creator.create.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('creator.create.submit')}
      submitDisabled={create.isPending}
      formClassName={styles.form}
    >
      {(formId) => (
        <>
          <TextField label={t('creator.create.name')} maxLength={TITLE_MAX_LENGTH} autoComplete="off" required error={errors.title?.message} {...titleField} />
          <TextField
            label={t('creator.create.slug')}
            maxLength={SLUG_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            required
            hint={t('creator.create.slugHint', { url: `${window.location.origin}/project/${slug || '…'}` })}
            error={errors.slug?.message}
            {...slugField}
          />
          <fieldset className={styles.visibility} aria-describedby={`${formId}-visibility-hint`}>
            <legend>{t('creator.create.visibility')}</legend>
            {VISIBILITIES.map((value) => (
              <label key={value} className={styles.option}>
                <input type="radio" value={value} {...register('visibility')} />
                <span>
                  {t(VISIBILITY_TEXT[value].label)}
                  <span className={styles.optionHint}>{t(VISIBILITY_TEXT[value].hint)}</span>
                </span>
              </label>
            ))}
            <p id={`${formId}-visibility-hint`} className={styles.hint}>
              {t('creator.create.visibilityHint')}
            </p>
            {errors.visibility?.message && <p className={styles.error}>{errors.visibility.message}</p>}
          </fieldset>
          <TextAreaField
            label={t('creator.create.summary')}
            maxLength={SUMMARY_MAX_LENGTH}
            rows={3}
            required
            hint={t('creator.create.summaryHint', { count: summary.length, max: SUMMARY_MAX_LENGTH })}
            error={errors.summary?.message}
            {...register('summary')}
          />
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        </>
      )}
    </FormModal>
  );
}
