import type { Project } from '@cairn/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import { useContentLanguage } from '../hooks/use-content-language';
import { LanguageSwitch } from './language-switch';

/**
 * The project's description in the language of `?lang=`, else the reader's UI language when
 * translated into it, else the original; a switch when there are translations.
 */
export function ProjectDescription({ project }: { project: Project }) {
  const t = useT();
  const { original, languages, shown, choose } = useContentLanguage(project.original_language, project.description_languages);
  const translated = useQuery({ ...projectQueries.inLanguage(project.id, shown), enabled: shown !== original });
  const body = shown === original ? project.body : translated.data?.body;

  return (
    <>
      {languages.length > 1 && <LanguageSwitch languages={languages} original={original} shown={shown} label={t('project.translations.descriptionLanguage')} onChange={choose} />}
      {body === undefined ? (
        <div lang={shown} aria-busy={!translated.isError}>
          {translated.isError ? <EmptyState>{t('project.translations.unavailable')}</EmptyState> : <Skeleton height="8rem" />}
        </div>
      ) : body.trim() ? (
        <Suspense fallback={null}>
          <Markdown source={body} lang={shown} />
        </Suspense>
      ) : (
        <EmptyState>{t('project.description.empty')}</EmptyState>
      )}
    </>
  );
}
