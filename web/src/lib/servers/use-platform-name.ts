import { useCallback, useMemo } from 'react';
import { useT } from '../i18n/i18n-provider';
import { platformName } from './platform-name';

/**
 * The one formatter of a server's platform: `name('paper')` → "Paper", `label('vanilla', '1.21.4')`
 * → "Vanilla 1.21.4". Every place in the servers pages uses it, so a server is named one way.
 */
export function usePlatformName() {
  const t = useT();
  const vanilla = t('servers.platform.vanilla');
  const name = useCallback((loader: string) => platformName(loader, vanilla), [vanilla]);
  const label = useCallback((loader: string, version: string) => t('servers.platform.label', { platform: platformName(loader, vanilla), version }), [t, vanilla]);
  return useMemo(() => ({ name, label }), [name, label]);
}
