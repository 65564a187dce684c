import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readCookie, writeCookie } from './cookies';
import { readCosmetics, writeCosmetics, type Cosmetics } from './cosmetics';
import {
  readFeatureFlagOverrides,
  resolveFeatureFlags,
  writeFeatureFlagOverrides,
  type FeatureFlag,
  type FeatureFlags,
} from './feature-flags';
import {
  applyTheme,
  isDarkTheme,
  parseThemePreference,
  resolveTheme,
  THEME_COOKIE,
  THEME_COOKIE_OPTIONS,
  toggledTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme';

/** User preferences kept in cookies: cosmetics, colour theme and feature flags. */

interface PreferencesContextValue {
  cosmetics: Cosmetics;
  updateCosmetics(patch: Partial<Cosmetics>): void;
  themePreference: ThemePreference;
  theme: ResolvedTheme;
  setThemePreference(preference: ThemePreference): void;
  /** Light ⇄ preferred dark theme. */
  toggleTheme(): void;
  flags: FeatureFlags;
  setFlag(flag: FeatureFlag, value: boolean): void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [cosmetics, setCosmetics] = useState(readCosmetics);
  const [themePreference, setThemePreferenceState] = useState(() => parseThemePreference(readCookie(THEME_COOKIE)));
  const [flagOverrides, setFlagOverrides] = useState(readFeatureFlagOverrides);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const theme = resolveTheme(themePreference, cosmetics.preferredDarkTheme, systemDark);

  useEffect(() => applyTheme(theme), [theme]);

  const updateCosmetics = useCallback((patch: Partial<Cosmetics>) => {
    setCosmetics((current) => {
      const next = { ...current, ...patch };
      writeCosmetics(next);
      return next;
    });
  }, []);

  const setThemePreference = useCallback(
    (preference: ThemePreference) => {
      writeCookie(THEME_COOKIE, preference, THEME_COOKIE_OPTIONS);
      setThemePreferenceState(preference);
      // Choosing a dark theme also makes it the one the toggle and "sync with system" use.
      if (isDarkTheme(preference)) updateCosmetics({ preferredDarkTheme: preference });
    },
    [updateCosmetics],
  );

  const toggleTheme = useCallback(
    () => setThemePreference(toggledTheme(theme, cosmetics.preferredDarkTheme)),
    [setThemePreference, theme, cosmetics.preferredDarkTheme],
  );

  const setFlag = useCallback((flag: FeatureFlag, value: boolean) => {
    setFlagOverrides((current) => {
      // The cookie keeps overrides only: back at its default, a flag follows future defaults again.
      const next = { ...current, [flag]: value };
      if (value === resolveFeatureFlags({})[flag]) delete next[flag];
      writeFeatureFlagOverrides(next);
      return next;
    });
  }, []);

  const value = useMemo<PreferencesContextValue>(
    () => ({
      cosmetics,
      updateCosmetics,
      themePreference,
      theme,
      setThemePreference,
      toggleTheme,
      flags: resolveFeatureFlags(flagOverrides),
      setFlag,
    }),
    [cosmetics, updateCosmetics, themePreference, theme, setThemePreference, toggleTheme, flagOverrides, setFlag],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('Preferences hooks must be used inside <PreferencesProvider>');
  return value;
}

export function useCosmetics() {
  const { cosmetics, updateCosmetics } = usePreferences();
  return { cosmetics, updateCosmetics };
}

export function useTheme() {
  const { themePreference, theme, setThemePreference, toggleTheme } = usePreferences();
  return { themePreference, theme, setThemePreference, toggleTheme };
}

/** Developer mode reveals ids and developer tools. */
export function useDeveloperMode() {
  const { flags, setFlag } = usePreferences();
  const enabled = flags.developerMode;
  const toggle = useCallback(() => setFlag('developerMode', !enabled), [setFlag, enabled]);
  return { enabled, toggle };
}

/** Every feature flag's current value (`flags`), and `setFlag`, which keeps only overrides in the cookie. */
export function useFeatureFlags(): Pick<PreferencesContextValue, 'flags' | 'setFlag'> {
  return usePreferences();
}
