import { LOCALE_CODES } from '@cairn/shared/constants/languages';
import { PutProjectTranslationBodySchema, type ProjectTranslation } from '@cairn/shared/schemas/translations';
import type { Project } from '@cairn/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SettingsSection } from '../../../components/layout/settings-page';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormAlert, TextField } from '../../../components/ui/form';
import { formErrorsFrom } from '../../../lib/form-errors';
import { imageExtension } from '../../../lib/image-extension';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { languageName } from '../../../lib/i18n/language-name';
import { useNotifications } from '../../../lib/notifications-provider';
import { uploadProjectImage } from '../api/project-settings-api';
import { projectSettingsQueries } from '../api/project-settings-queries';
import { useModifyProject } from '../api/use-project-mutations';
import { useDeleteTranslation, usePutTranslation } from '../api/use-translation-mutations';
import { holds, type SettingsAccess } from '../utils/permissions';
import { BODY_MAX_LENGTH } from './description-settings';
import { SelectField } from './settings-controls';
import styles from './settings-controls.module.css';

type Field = 'summary' | 'description';

/**
 * Translations: the original's language, and the summary and description in other languages,
 * each added, edited (with the description's editor), saved and deleted on its own.
 */
export function TranslationsSettings({ project, access }: { project: Project; access: SettingsAccess }) {
  const t = useT();
  const locale = useLocale();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_DETAILS');
  const list = useQuery({ ...projectSettingsQueries.translations(project.id), enabled: canEdit });
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const modify = useModifyProject(project.id, { onSuccess: () => notifications.add({ type: 'success', title: t('projectSettings.saved') }) });
  if (!canEdit) return null;

  const name = (code: string) => languageName(code, locale);
  const original = list.data?.original_language ?? project.original_language ?? 'en-US';
  const translations = list.data?.translations ?? [];
  const used = new Set([original, ...translations.map((tr) => tr.language)]);
  const addable = LOCALE_CODES.filter((code) => !used.has(code)).sort((a, b) => name(a).localeCompare(name(b), locale));
  const current = translations.find((tr) => tr.language === editing);

  return (
    <SettingsSection title={t('projectSettings.translations.title')} description={t('projectSettings.translations.lede')} id="project-translations">
      <SelectField
        label={t('projectSettings.translations.original')}
        hint={t('projectSettings.translations.originalHint')}
        value={original}
        disabled={modify.isPending || list.isPending}
        onChange={(event) => modify.mutate({ original_language: event.target.value })}
      >
        {LOCALE_CODES.filter((code) => code === original || !used.has(code)).map((code) => (
          <option key={code} value={code}>
            {name(code)}
          </option>
        ))}
      </SelectField>
      {modify.error && <FormAlert>{formErrorsFrom(modify.error, {}).form ?? modify.error.message}</FormAlert>}

      {translations.length > 0 ? (
        <ul aria-label={t('projectSettings.translations.list')} className={styles.form}>
          {translations.map((translation) => (
            <li key={translation.language} className={styles.actions} lang={translation.language}>
              <span>{name(translation.language)}</span>
              <Button onClick={() => setEditing(translation.language)} aria-pressed={editing === translation.language}>
                {t('projectSettings.translations.edit', { language: name(translation.language) })}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        list.isSuccess && <p className={styles.hint}>{t('projectSettings.translations.none')}</p>
      )}

      <div className={styles.actions}>
        <SelectField label={t('projectSettings.translations.addLanguage')} value={adding} onChange={(event) => setAdding(event.target.value)}>
          <option value="">{t('projectSettings.translations.choose')}</option>
          {addable.map((code) => (
            <option key={code} value={code}>
              {name(code)}
            </option>
          ))}
        </SelectField>
        <Button
          disabled={!adding}
          onClick={() => {
            setEditing(adding);
            setAdding('');
          }}
        >
          {t('projectSettings.translations.add')}
        </Button>
      </div>

      {editing && (
        <TranslationEditor
          key={editing}
          projectId={project.id}
          language={editing}
          languageName={name(editing)}
          existing={current}
          onClosed={() => setEditing(null)}
        />
      )}
    </SettingsSection>
  );
}

interface TranslationEditorProps {
  projectId: string;
  language: string;
  languageName: string;
  existing: ProjectTranslation | undefined;
  onClosed(): void;
}

function TranslationEditor({ projectId, language, languageName: languageLabel, existing, onClosed }: TranslationEditorProps) {
  const t = useT();
  const notifications = useNotifications();
  const [summary, setSummary] = useState(existing?.summary ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; form?: string }>({ fields: {} });
  const [confirming, setConfirming] = useState(false);
  const save = usePutTranslation(projectId, language, {
    onSuccess: () => {
      setErrors({ fields: {} });
      notifications.add({ type: 'success', title: t('projectSettings.translations.saved', { language: languageLabel }) });
    },
    onError: (error) => setErrors(formErrorsFrom<Field>(error, {}, { summary: 'summary', description: 'description' })),
  });
  const remove = useDeleteTranslation(projectId, language, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('projectSettings.translations.deleted', { language: languageLabel }) });
      onClosed();
    },
    onError: (error) => setErrors(formErrorsFrom<Field>(error, {})),
  });
  const uploadImage = useCallback((file: File) => uploadProjectImage(projectId, file, imageExtension(file) ?? 'png'), [projectId]);

  const submit = () => {
    const parsed = PutProjectTranslationBodySchema.safeParse({ summary, description });
    if (!parsed.success) {
      const fields: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'summary' || field === 'description') && !fields[field]) {
          fields[field] = field === 'summary' ? t('projectSettings.translations.summaryInvalid') : t('projectSettings.translations.descriptionInvalid');
        }
      }
      setErrors({ fields });
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form
      className={styles.form}
      aria-label={t('projectSettings.translations.editorLabel', { language: languageLabel })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div lang={language} className={styles.form}>
        <TextField label={t('projectSettings.translations.summary')} value={summary} maxLength={256} error={errors.fields.summary} onChange={(event) => setSummary(event.target.value)} />
        <MarkdownEditor label={t('projectSettings.translations.description')} value={description} onChange={setDescription} maxLength={BODY_MAX_LENGTH} onUploadImage={uploadImage} />
        {errors.fields.description && <p className={styles.error}>{errors.fields.description}</p>}
      </div>
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <div className={styles.actions}>
        <Button type="button" variant="outlined" onClick={onClosed}>
          {t('projectSettings.translations.close')}
        </Button>
        {existing && (
          <Button type="button" color="red" onClick={() => setConfirming(true)}>
            {t('projectSettings.translations.delete')}
          </Button>
        )}
        <Button type="submit" color="brand" disabled={save.isPending}>
          {t('projectSettings.translations.save', { language: languageLabel })}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('projectSettings.translations.deleteTitle', { language: languageLabel })}
        confirmLabel={t('projectSettings.translations.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        {t('projectSettings.translations.deleteBody', { language: languageLabel })}
      </ConfirmModal>
    </form>
  );
}
