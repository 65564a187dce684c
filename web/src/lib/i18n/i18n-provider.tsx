import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { readCookie, writeCookie } from '../cookies';
import { englishMessages, hasTranslation, loadMessages as loadCatalog, type MessageId, type Messages } from './catalogs';
import { DEFAULT_LOCALE, isRtlLocale, LOCALE_COOKIE, LOCALE_COOKIE_OPTIONS, matchLocale, resolveInitialLocale } from './locales';
import { areaMessagesStore, switchMessageAreas } from './message-areas';

/** applying: a language's messages are loading; error: they could not be loaded (spec §4). */
type LanguageStatus = 'loaded' | 'applying' | 'error';

interface LanguageContextValue {
  /** The language the user chose (cookie or `hl`). */
  locale: string;
  /** The language the text is shown in: `locale` when translated, else English. */
  displayLocale: string;
  status: LanguageStatus;
  setLocale(locale: string): Promise<void>;
}

interface LanguageState {
  locale: string;
  displayLocale: string;
  messages: Messages;
  status: LanguageStatus;
}

function needsCatalog(locale: string): boolean {
  return locale !== DEFAULT_LOCALE && hasTranslation(locale, DEFAULT_LOCALE);
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

interface I18nProviderProps {
  children: ReactNode;
  /** Defaults to `?hl=`, then the locale cookie, then the browser's languages, then en-US. */
  initialLocale?: string;
  /** Injected in tests; defaults to the bundled catalogs. */
  loadMessages?: (locale: string) => Promise<Messages>;
}

export function I18nProvider({ children, initialLocale, loadMessages = loadCatalog }: I18nProviderProps) {
  const [state, setState] = useState<LanguageState>(() => {
    const locale =
      initialLocale ?? resolveInitialLocale(window.location.search, readCookie(LOCALE_COOKIE), navigator.languages, (code) => hasTranslation(code, DEFAULT_LOCALE));
    const status: LanguageStatus = needsCatalog(locale) ? 'applying' : 'loaded';
    return { locale, displayLocale: DEFAULT_LOCALE, messages: englishMessages, status };
  });

  const apply = useCallback(
    async (requested: string, persist: boolean) => {
      const locale = matchLocale(requested) ?? DEFAULT_LOCALE;
      setState((current) => ({ ...current, status: 'applying' }));
      let messages: Messages;
      try {
        [messages] = await Promise.all([loadMessages(locale), switchMessageAreas(locale)]);
      } catch {
        setState((current) => ({ ...current, status: 'error' }));
        return;
      }
      if (persist) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
      const displayLocale = hasTranslation(locale, DEFAULT_LOCALE) ? locale : DEFAULT_LOCALE;
      setState({ locale, displayLocale, messages, status: 'loaded' });
    },
    [loadMessages],
  );

  // A translated starting locale other than English loads its catalog once; English shows meanwhile.
  const [startLocale] = useState(state.locale);
  useEffect(() => {
    if (!needsCatalog(startLocale)) return;
    let cancelled = false;
    Promise.all([loadMessages(startLocale), switchMessageAreas(startLocale)]).then(
      ([messages]) => !cancelled && setState({ locale: startLocale, displayLocale: startLocale, messages, status: 'loaded' }),
      () => !cancelled && setState((current) => ({ ...current, status: 'error' })),
    );
    return () => {
      cancelled = true;
    };
  }, [loadMessages, startLocale]);

  useEffect(() => {
    const root = document.documentElement;
    root.lang = state.displayLocale;
    root.dir = isRtlLocale(state.displayLocale) ? 'rtl' : 'ltr';
  }, [state.displayLocale]);

  // Page areas' messages (loaded with their routes) join the shell's.
  const areas = useSyncExternalStore(areaMessagesStore.subscribe, areaMessagesStore.getSnapshot);
  const messages = useMemo(() => ({ ...state.messages, ...areas.messages }), [state.messages, areas.messages]);

  const setLocale = useCallback((locale: string) => apply(locale, true), [apply]);
  const value = useMemo(
    () => ({ locale: state.locale, displayLocale: state.displayLocale, status: state.status, setLocale }),
    [state.locale, state.displayLocale, state.status, setLocale],
  );

  return (
    <LanguageContext.Provider value={value}>
      {/* One catalog is either all strings or all ASTs; the cast only narrows that for react-intl's types. */}
      <IntlProvider locale={state.displayLocale} defaultLocale={DEFAULT_LOCALE} messages={messages as Record<MessageId, string>}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <I18nProvider>');
  return value;
}

/** The language the page's text is in (for `lang`, canonical URLs and formatting). */
export function useLocale(): string {
  return useLanguage().displayLocale;
}

type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** `t('shell.nav.discover')`: a plain-text message. Use <FormattedMessage> for messages with markup. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
