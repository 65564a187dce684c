import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { MessageCatalog, MessageId } from './catalogs';
import { DEFAULT_LOCALE } from './locales';
import { useLanguage } from './i18n-provider';

/** `import.meta.glob` of an area's translated catalogs (lazy), keyed by file path. */
export type CatalogLoaders = Record<string, () => Promise<{ default: MessageCatalog }>>;

interface ScopedMessagesProps {
  /** The area's English catalog, imported statically by the lazy module that renders this. */
  english: MessageCatalog;
  /** Its other languages: `import.meta.glob(['…/<area>/*.json', '!…/<area>/en-US.json'])`. */
  translations: CatalogLoaders;
  children: ReactNode;
}

function loaderFor(translations: CatalogLoaders, locale: string) {
  return Object.entries(translations).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
}

/**
 * Adds an area catalog (`src/locales/<area>/…`) to the app's messages for the subtree. English
 * shows until the current language's catalog of the area has loaded; a language without one
 * stays English, as the shell does.
 */
export function ScopedMessages({ english, translations, children }: ScopedMessagesProps) {
  const intl = useIntl();
  const { displayLocale } = useLanguage();
  const [translated, setTranslated] = useState<{ locale: string; messages: MessageCatalog } | undefined>();
  const load = displayLocale === DEFAULT_LOCALE ? undefined : loaderFor(translations, displayLocale);

  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    load().then(
      (module) => !cancelled && setTranslated({ locale: displayLocale, messages: module.default }),
      // A missing chunk leaves the area in English; the shell reports language errors.
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [load, displayLocale]);

  const messages = useMemo(
    () => ({ ...intl.messages, ...english, ...(translated?.locale === displayLocale ? translated.messages : {}) }),
    [intl.messages, english, translated, displayLocale],
  );
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages as Record<MessageId, string>}>
      {children}
    </IntlProvider>
  );
}
