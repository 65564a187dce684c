import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { GameVersionTag, LoaderTag } from '@cairn/shared/schemas/tags';
import type { Version } from '@cairn/shared/schemas/versions';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { isAbortError, useUploadProgress } from '../api/use-upload-progress';
import { useCreateVersion, useSaveVersion } from '../api/use-version-mutations';
import { inferVersion } from '../api/version-editor-api';
import { MAX_VERSION_FILE_BYTES, acceptedExtensions, extraFileTypes } from '../utils/upload-rules';
import {
  EDITABLE_VERSION_STATUSES,
  NAME_MAX,
  PUBLISH_MODES,
  VERSION_NUMBER_MAX,
  applyInference,
  emptyVersionValues,
  isDuplicateDependency,
  loadersForProjectType,
  valuesFromVersion,
  versionFormSchema,
  type NewFile,
  type VersionFormValues,
} from '../utils/version-form';
import { ChangelogField } from './changelog-field';
import { DependencyList } from './dependency-list';
import { DependencyPicker } from './dependency-picker';
import { GameVersionPicker } from './game-version-picker';
import { LoaderPicker } from './loader-picker';
import { SelectField } from './select-field';
import { UploadProgressBar } from './upload-progress-bar';
import { VersionFilesField, type ExistingFilesState } from './version-files-field';
import styles from './version-editor.module.css';

interface VersionFormProps {
  project: Project;
  type: ProjectType;
  loaderTags: readonly LoaderTag[];
  gameVersionTags: readonly GameVersionTag[];
  /** The version being edited; without it the form creates one. */
  version?: Version;
  /** Create: a file picked before the form opened (from the versions page). */
  initialFile?: File;
}

/** Create or edit a version (web-screens §3.3): details, compatibility, changelog, dependencies, files. */
export function VersionForm({ project, type, loaderTags, gameVersionTags, version, initialFile }: VersionFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const resourcePack = project.project_type === 'resourcepack';
  const validLoaders = useMemo(() => loadersForProjectType(loaderTags, project.project_type), [loaderTags, project.project_type]);
  const accept = acceptedExtensions(type);
  const schema = useMemo(
    () =>
      versionFormSchema(
        {
          numberRequired: t('versionEditor.errors.numberRequired'),
          numberTooLong: t('versionEditor.errors.numberTooLong', { max: VERSION_NUMBER_MAX }),
          numberCharacters: t('versionEditor.errors.numberCharacters'),
          nameTooLong: t('versionEditor.errors.nameTooLong', { max: NAME_MAX }),
          loadersRequired: t('versionEditor.errors.loadersRequired'),
          gameVersionsRequired: t('versionEditor.errors.gameVersionsRequired'),
          changelogTooLong: t('versionEditor.errors.changelogTooLong'),
          scheduleInPast: t('versionEditor.errors.scheduleInPast'),
        },
        !resourcePack,
      ),
    [t, resourcePack],
  );
  const form = useZodForm<VersionFormValues>(schema, version ? valuesFromVersion(version) : emptyVersionValues());
  const { register, handleSubmit, setError, control, formState, getValues, setValue } = form;
  const { errors } = formState;
  const loaders = useController({ control, name: 'loaders' });
  const gameVersions = useController({ control, name: 'gameVersions' });
  const changelog = useController({ control, name: 'changelog' });
  const dependencies = useController({ control, name: 'dependencies' });
  const publish = useWatch({ control, name: 'publish' });

  const [primary, setPrimary] = useState<File | undefined>(initialFile);
  const [extras, setExtras] = useState<NewFile[]>([]);
  const [existing, setExisting] = useState<ExistingFilesState>({ removed: new Set(), fileTypes: new Map() });
  const [filesError, setFilesError] = useState<string | undefined>();
  const [inferring, setInferring] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const upload = useUploadProgress();

  // Reads the primary file's metadata and fills what the user has not filled yet. A failed
  // reading leaves the form as it is: the user fills it by hand.
  const inferred = useRef<File | undefined>(undefined);
  useEffect(() => {
    if (version || !primary || inferred.current === primary) return;
    inferred.current = primary;
    const controller = new AbortController();
    setInferring(true);
    inferVersion(primary, project.id, controller.signal)
      .then((inference) => {
        const next = applyInference(getValues(), inference, { loaders: validLoaders.map((l) => l.name), gameVersions: gameVersionTags });
        for (const key of ['name', 'versionNumber', 'channel', 'loaders', 'gameVersions', 'dependencies'] as const) setValue(key, next[key]);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setInferring(false);
      });
    return () => {
      controller.abort();
      inferred.current = undefined;
    };
  }, [primary, version, project.id, getValues, setValue, validLoaders, gameVersionTags]);

  const checkFiles = (): boolean => {
    const all = [...(primary ? [primary] : []), ...extras.map((e) => e.file)];
    let message: string | undefined;
    if (!version && !primary) message = t('versionEditor.errors.fileRequired');
    else if (all.some((file) => file.size > MAX_VERSION_FILE_BYTES)) message = t('versionEditor.errors.fileTooLarge');
    setFilesError(message);
    return message === undefined;
  };

  const onFailure = (error: Error) => {
    upload.finish();
    if (isAbortError(error)) {
      notifications.add({ type: 'info', title: t('versionEditor.upload.cancelled') });
      return;
    }
    notifications.addError(error);
    setFormErrors(
      setError,
      formErrorsFrom<keyof VersionFormValues>(error, {}, { version_number: 'versionNumber', name: 'name', game_versions: 'gameVersions', loaders: 'loaders', changelog: 'changelog' }),
    );
  };

  const create = useCreateVersion(project.id, resourcePack, {
    onSuccess: async (created) => {
      upload.finish();
      notifications.add({ type: 'success', title: t('versionEditor.created') });
      await navigate(paths.projectVersion.getHref(type, project.slug, created.id));
    },
    onError: onFailure,
  });
  const save = useSaveVersion(version, resourcePack, {
    onSuccess: async () => {
      upload.finish();
      notifications.add({ type: 'success', title: t('versionEditor.saved') });
      if (version) await navigate(paths.projectVersion.getHref(type, project.slug, version.id));
    },
    onError: onFailure,
  });
  const pending = create.isPending || save.isPending;

  const submit = handleSubmit(
    (values) => {
      setSubmitted(true);
      if (!checkFiles()) return;
      if (version) {
        save.mutate({
          values,
          added: extras,
          removed: [...existing.removed],
          primarySha1: existing.primarySha1,
          fileTypes: existing.fileTypes,
          upload: extras.length > 0 ? upload.start() : {},
        });
      } else if (primary) {
        create.mutate({ values, files: [{ file: primary, fileType: null }, ...extras], upload: upload.start() });
      }
    },
    () => {
      setSubmitted(true);
      checkFiles();
    },
  );

  const problems = [
    errors.versionNumber?.message,
    errors.name?.message,
    errors.gameVersions?.message,
    errors.loaders?.message,
    errors.changelog?.message,
    errors.scheduledFor?.message,
    filesError,
  ].filter((message): message is string => Boolean(message));
  const cancelHref = version ? paths.projectVersion.getHref(type, project.slug, version.id) : paths.project.getHref(type, project.slug, 'versions');

  return (
    <form className={styles.page} onSubmit={(event) => void submit(event)} noValidate aria-label={version ? t('versionEditor.editTitle') : t('versionEditor.createTitle')}>
      {submitted && problems.length > 0 && (
        <FormAlert>
          <p>{t('versionEditor.errors.summary')}</p>
          <ul className={styles.summary}>
            {problems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </FormAlert>
      )}
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}

      <section className={styles.card} aria-labelledby="version-form-files">
        <h2 id="version-form-files" className={styles.cardTitle}>
          {t('versionEditor.section.files')}
        </h2>
        <VersionFilesField
          accept={accept}
          fileTypes={extraFileTypes(type)}
          primary={version ? undefined : primary}
          onPrimaryChange={version ? undefined : setPrimary}
          existing={version?.files}
          existingState={version ? existing : undefined}
          onExistingChange={version ? setExisting : undefined}
          extras={extras}
          onExtrasChange={setExtras}
          error={filesError}
        />
        {inferring && (
          <p role="status" className={styles.muted}>
            {t('versionEditor.inferring')}
          </p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="version-form-details">
        <h2 id="version-form-details" className={styles.cardTitle}>
          {t('versionEditor.section.details')}
        </h2>
        <div className={styles.row}>
          <TextField label={t('versionEditor.number')} maxLength={VERSION_NUMBER_MAX} autoComplete="off" error={errors.versionNumber?.message} {...register('versionNumber')} />
          <TextField label={t('versionEditor.name')} hint={t('versionEditor.name.hint')} maxLength={NAME_MAX} autoComplete="off" error={errors.name?.message} {...register('name')} />
        </div>
        <div className={styles.row}>
          <SelectField label={t('versionEditor.channel')} {...register('channel')}>
            {(['release', 'beta', 'alpha'] as const).map((channel) => (
              <option key={channel} value={channel}>
                {t(`versionEditor.channel.${channel}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('versionEditor.status')} {...register('status')}>
            {EDITABLE_VERSION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`versionEditor.status.${status}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField label={t('versionEditor.featured')} hint={t('versionEditor.featured.hint')} {...register('featured')} />
      </section>

      <section className={styles.card} aria-labelledby="version-form-publishing">
        <h2 id="version-form-publishing" className={styles.cardTitle}>
          {t('versionEditor.section.publishing')}
        </h2>
        <div className={styles.row}>
          <SelectField label={t('versionEditor.publish')} {...register('publish')}>
            {(version?.status === 'scheduled' ? PUBLISH_MODES : PUBLISH_MODES.filter((mode) => mode !== 'keep')).map((mode) => (
              <option key={mode} value={mode}>
                {t(`versionEditor.publish.${mode}`)}
              </option>
            ))}
          </SelectField>
          {publish === 'schedule' && (
            <TextField
              type="datetime-local"
              label={t('versionEditor.publish.time')}
              hint={t('versionEditor.publish.timeHint')}
              error={errors.scheduledFor?.message}
              {...register('scheduledFor')}
            />
          )}
        </div>
        {publish === 'keep' && <p className={styles.muted}>{t('versionEditor.publish.keepHint')}</p>}
      </section>

      <section className={styles.card} aria-labelledby="version-form-compatibility">
        <h2 id="version-form-compatibility" className={styles.cardTitle}>
          {t('versionEditor.section.compatibility')}
        </h2>
        {!resourcePack && <LoaderPicker loaders={validLoaders} value={loaders.field.value} onChange={loaders.field.onChange} error={errors.loaders?.message} />}
        <GameVersionPicker tags={gameVersionTags} value={gameVersions.field.value} onChange={gameVersions.field.onChange} error={errors.gameVersions?.message} />
      </section>

      <section className={styles.card} aria-labelledby="version-form-changelog">
        <h2 id="version-form-changelog" className={styles.cardTitle}>
          {t('versionEditor.section.changelog')}
        </h2>
        <ChangelogField value={changelog.field.value} onChange={changelog.field.onChange} error={errors.changelog?.message} projectId={project.id} versionId={version?.id} />
      </section>

      {project.project_type !== 'modpack' && (
        <section className={styles.card} aria-labelledby="version-form-dependencies">
          <h2 id="version-form-dependencies" className={styles.cardTitle}>
            {t('versionEditor.section.dependencies')}
          </h2>
          <DependencyList dependencies={dependencies.field.value} onRemove={(index) => dependencies.field.onChange(dependencies.field.value.filter((_, i) => i !== index))} />
          <DependencyPicker
            projectId={project.id}
            onAdd={(dependency) => {
              if (isDuplicateDependency(dependencies.field.value, dependency)) notifications.add({ type: 'warning', title: t('versionEditor.dependencies.duplicate') });
              else dependencies.field.onChange([...dependencies.field.value, dependency]);
            }}
          />
        </section>
      )}

      {upload.progress && <UploadProgressBar progress={upload.progress} onCancel={upload.cancel} />}
      <div className={styles.actions}>
        <ButtonLink to={cancelHref} variant="transparent">
          {version ? t('versionEditor.discard') : t('versionEditor.cancel')}
        </ButtonLink>
        <Button type="submit" color="brand" disabled={pending}>
          {version ? t('versionEditor.save') : t('versionEditor.create')}
        </Button>
      </div>
    </form>
  );
}
