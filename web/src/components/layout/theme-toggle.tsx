import { useT } from '../../lib/i18n/i18n-provider';
import { useCosmetics, useTheme } from '../../lib/preferences';
import { toggledTheme } from '../../lib/theme';
import { Button } from '../ui/button';
import { MoonIcon, SunIcon } from '../ui/icons';
import { Tooltip } from '../ui/tooltip';
import mobile from './mobile-nav.module.css';

/** Flips between light and the preferred dark theme. */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const t = useT();
  const { theme, toggleTheme } = useTheme();
  const { cosmetics } = useCosmetics();
  const target = toggledTheme(theme, cosmetics.preferredDarkTheme);
  const label = t('shell.theme.switchTo', { theme: t(`theme.${target}`) });
  const icon = theme === 'light' ? <MoonIcon /> : <SunIcon />;
  if (withLabel) {
    return (
      <button type="button" className={mobile.link} onClick={toggleTheme}>
        {icon}
        <span>{t('shell.theme.change')}</span>
        <span className="visually-hidden">{label}</span>
      </button>
    );
  }
  return (
    <Tooltip content={label} placement="bottom">
      <Button variant="transparent" iconOnly aria-label={label} onClick={toggleTheme}>
        {icon}
      </Button>
    </Tooltip>
  );
}
