import type { Project } from '@cairn/shared/schemas/projects';
import { useRef, useState, type ChangeEvent } from 'react';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { Button } from '../../../components/ui/button';
import { imageExtension } from '../../../lib/image-extension';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useChangeProjectIcon, useRemoveProjectIcon } from '../api/use-project-mutations';
import styles from './icon-editor.module.css';

/** Icons up to 256 KiB (api-surface §3.6). */
const ICON_MAX_BYTES = 256 * 1024;
const ICON_TYPES = ['png', 'jpeg', 'gif', 'webp'];

/** Upload or remove the project's icon; each takes effect at once. */
export function IconEditor({ project, disabled }: { project: Project; disabled: boolean }) {
  const t = useT();
  const notifications = useNotifications();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useChangeProjectIcon(project.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('projectSettings.general.iconSaved') }),
    onError: (failure) => notifications.addError(failure),
  });
  const remove = useRemoveProjectIcon(project.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('projectSettings.general.iconRemoved') }),
    onError: (failure) => notifications.addError(failure),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const ext = imageExtension(file);
    if (!ext) return setError(t('projectSettings.general.iconType'));
    if (file.size > ICON_MAX_BYTES) return setError(t('projectSettings.general.iconSize', { kib: ICON_MAX_BYTES / 1024 }));
    setError(undefined);
    upload.mutate({ file, ext });
  };

  return (
    <div className={styles.editor}>
      <ProjectIcon url={project.icon_url} size={96} className={styles.icon} loading="eager" />
      <div className={styles.actions}>
        <input
          ref={input}
          type="file"
          accept={ICON_TYPES.map((type) => `image/${type}`).join(',')}
          className={styles.file}
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-testid="icon-file"
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled || upload.isPending}>
          {t('projectSettings.general.uploadIcon')}
        </Button>
        {project.icon_url && (
          <Button variant="transparent" onClick={() => remove.mutate()} disabled={disabled || remove.isPending}>
            {t('projectSettings.general.removeIcon')}
          </Button>
        )}
        <p className={styles.hint}>{t('projectSettings.general.iconHint', { kib: ICON_MAX_BYTES / 1024 })}</p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
