import { useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/i18n/i18n-provider';
import { availableLanguages, shownLanguage } from '../utils/content-language';

/**
 * Which language a translated text (a description, a changelog) is shown in — `?lang=`, else the
 * reader's UI language when the text has it, else the original — and `choose`, which puts the
 * reader's pick in `?lang=` without a new history entry.
 */
export function useContentLanguage(originalLanguage: string | undefined, offered: readonly string[] | undefined) {
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const { original, languages } = availableLanguages(originalLanguage, offered);
  const shown = shownLanguage(languages, original, params.get('lang'), locale);
  const choose = (language: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('lang', language);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { original, languages, shown, choose };
}
