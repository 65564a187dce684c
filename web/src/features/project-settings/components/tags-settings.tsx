import { CATEGORY_HEADERS } from '@cairn/shared/constants/categories';
import type { Project } from '@cairn/shared/schemas/projects';
import type { CategoryTag } from '@cairn/shared/schemas/tags';
import { useState } from 'react';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { CheckboxField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useModifyProject } from '../api/use-project-mutations';
import { canFeatureMore, MAX_FEATURED_TAGS, selectedTags, setFeatured, tagsBody, toggleTag, type TagSelection } from '../utils/featured-tags';
import { holds, type SettingsAccess } from '../utils/permissions';
import { SaveBar } from './save-bar';
import { NoAccessNotice } from './no-access-notice';
import styles from './settings-controls.module.css';
import tagStyles from './tags-settings.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

function tagLabel(name: string): string {
  return name.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

interface TagsSettingsProps {
  project: Project;
  access: SettingsAccess;
  /** The category tags valid for the project's type. */
  tags: readonly CategoryTag[];
}

/** Tags by header, up to three of them featured (v2 `categories`), the rest additional. */
export function TagsSettings({ project, access, tags }: TagsSettingsProps) {
  const t = useT();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_DETAILS');
  const [saved, setSaved] = useState<TagSelection>({ featured: project.categories, additional: project.additional_categories });
  const [selection, setSelection] = useState<TagSelection>(saved);
  const dirty = !sameList(selection.featured, saved.featured) || !sameList([...selection.additional].sort(), [...saved.additional].sort());

  const save = useModifyProject(project.id, {
    onSuccess: (_, body) => {
      const next = { featured: body.categories ?? [], additional: body.additional_categories ?? [] };
      setSaved(next);
      setSelection(next);
      notifications.add({ type: 'success', title: t('projectSettings.saved') });
    },
    onError: (error) => notifications.addError(error),
  });

  const chosen = selectedTags(selection);
  const headers = CATEGORY_HEADERS.map((header) => ({ header, tags: tags.filter((tag) => tag.header === header) })).filter((group) => group.tags.length > 0);
  return (
    <>
      <SettingsPageHeader title={t('projectSettings.tags.title')} lede={t('projectSettings.tags.lede')} />
      {!canEdit && <NoAccessNotice section="tags" permission="EDIT_DETAILS" access={access} />}
      <form
        className={styles.form}
        aria-label={t('projectSettings.tags.title')}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(tagsBody(selection));
        }}
      >
        {headers.map(({ header, tags: group }) => (
          <SettingsSection key={header} title={t(`projectSettings.tags.header.${header === 'performance impact' ? 'performance' : header}`)} id={`tags-${header.replace(' ', '-')}`}>
            <fieldset className={tagStyles.grid} disabled={!canEdit}>
              <legend className={styles.visuallyHidden}>{t(`projectSettings.tags.header.${header === 'performance impact' ? 'performance' : header}`)}</legend>
              {group.map((tag) => (
                <CheckboxField key={tag.name} label={tagLabel(tag.name)} checked={chosen.includes(tag.name)} onChange={(event) => setSelection((current) => toggleTag(current, tag.name, event.target.checked))} />
              ))}
            </fieldset>
          </SettingsSection>
        ))}
        <SettingsSection title={t('projectSettings.tags.featured')} description={t('projectSettings.tags.featuredLede', { max: MAX_FEATURED_TAGS })} id="tags-featured">
          {chosen.length === 0 ? (
            <p>{t('projectSettings.tags.noneSelected')}</p>
          ) : (
            <fieldset className={tagStyles.grid} disabled={!canEdit}>
              <legend className={styles.visuallyHidden}>{t('projectSettings.tags.featured')}</legend>
              {chosen.map((name) => {
                const featured = selection.featured.includes(name);
                return (
                  <CheckboxField
                    key={name}
                    label={tagLabel(name)}
                    checked={featured}
                    disabled={!featured && !canFeatureMore(selection)}
                    onChange={(event) => setSelection((current) => setFeatured(current, name, event.target.checked))}
                  />
                );
              })}
            </fieldset>
          )}
          <p className={styles.hint} aria-live="polite">
            {t('projectSettings.tags.featuredCount', { count: selection.featured.length, max: MAX_FEATURED_TAGS })}
          </p>
        </SettingsSection>
        <SaveBar dirty={dirty} pending={save.isPending} disabled={!canEdit} />
      </form>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
    </>
  );
}
