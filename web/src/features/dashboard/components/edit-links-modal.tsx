import { isHttpsUrl, type PatchProjectsBody } from '@cairn/shared/schemas/projects';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useEditLinks } from '../api/use-edit-links';
import styles from './dashboard.module.css';

const LINKS = ['issues_url', 'source_url', 'wiki_url', 'discord_url'] as const;
type LinkField = (typeof LINKS)[number];

const LINK_LABELS = {
  issues_url: 'creator.links.issues',
  source_url: 'creator.links.source',
  wiki_url: 'creator.links.wiki',
  discord_url: 'creator.links.discord',
} as const;

type LinksValues = Record<LinkField, string> & Record<`clear_${LinkField}`, boolean>;

/** What the form sends: cleared links as null, typed ones as they are, blank ones not at all. */
export function linksPatch(values: LinksValues): PatchProjectsBody {
  const body: PatchProjectsBody = {};
  for (const field of LINKS) {
    if (values[`clear_${field}`]) body[field] = null;
    else if (values[field].trim() !== '') body[field] = values[field].trim();
  }
  return body;
}

/** "Edit links" for the selected projects: set or clear each link on all of them at once. */
export function EditLinksModal({ ids, onClose }: { ids: readonly string[]; onClose: () => void }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(() => {
    const link = z.string().refine((value) => value.trim() === '' || isHttpsUrl(value.trim()), t('creator.links.invalid'));
    return z.object({
      issues_url: link,
      source_url: link,
      wiki_url: link,
      discord_url: link,
      clear_issues_url: z.boolean(),
      clear_source_url: z.boolean(),
      clear_wiki_url: z.boolean(),
      clear_discord_url: z.boolean(),
    });
  }, [t]);
  const { register, handleSubmit, setError, control, formState } = useZodForm<LinksValues>(schema, {
    issues_url: '',
    source_url: '',
    wiki_url: '',
    discord_url: '',
    clear_issues_url: false,
    clear_source_url: false,
    clear_wiki_url: false,
    clear_discord_url: false,
  });
  const { errors } = formState;
  const values = useWatch({ control }) as LinksValues;
  const unchanged = Object.keys(linksPatch(values)).length === 0;

  const edit = useEditLinks({
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('creator.links.saved', { count: ids.length }) });
      onClose();
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<LinkField>(error, {}, Object.fromEntries(LINKS.map((field) => [field, field])))),
  });
  const submit = handleSubmit((form) => edit.mutate({ ids, body: linksPatch(form) }));

  return (
    <FormModal
      title={t('creator.links.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('creator.links.save')}
      submitDisabled={unchanged || edit.isPending}
      formClassName={styles.linksForm}
    >
      <p className={styles.muted}>{t('creator.links.lede', { count: ids.length })}</p>
      {LINKS.map((field) => (
        <div key={field} className={styles.linkRow}>
          <TextField
            label={t(LINK_LABELS[field])}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={2048}
            disabled={values[`clear_${field}`]}
            error={errors[field]?.message}
            {...register(field)}
          />
          <CheckboxField label={t('creator.links.clear', { link: t(LINK_LABELS[field]) })} {...register(`clear_${field}`)} />
        </div>
      ))}
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
    </FormModal>
  );
}
