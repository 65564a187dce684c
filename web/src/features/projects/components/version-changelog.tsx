import type { Version } from '@cairn/shared/schemas/versions';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import { useContentLanguage } from '../hooks/use-content-language';
import { LanguageSwitch } from './language-switch';

/** A version's changelog, chosen like the project's description: `?lang=`, the UI language, the original. */
export function VersionChangelog({ version }: { version: Version }) {
  const t = useT();
  const { original, languages, shown, choose } = useContentLanguage(version.changelog_languages?.[0], version.changelog_languages);
  const translated = useQuery({ ...projectQueries.versionInLanguage(version.id, shown), enabled: shown !== original });
  const changelog = shown === original ? version.changelog : translated.data?.changelog;

  return (
    <>
      {languages.length > 1 && <LanguageSwitch languages={languages} original={original} shown={shown} label={t('project.translations.changelogLanguage')} onChange={choose} />}
      {changelog === undefined && !translated.isError ? (
        <p role="status" lang={shown}>
          {t('project.version.loading')}
        </p>
      ) : changelog ? (
        <Suspense fallback={<p role="status">{t('project.version.loading')}</p>}>
          <Markdown source={changelog} lang={shown} />
        </Suspense>
      ) : (
        <EmptyState>{translated.isError ? t('project.translations.unavailable') : t('project.version.noChangelog')}</EmptyState>
      )}
    </>
  );
}
