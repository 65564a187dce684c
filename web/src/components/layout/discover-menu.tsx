import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { CompassIcon, ChevronDownIcon } from '../ui/icons';
import { MenuButton } from '../ui/menu';
import type { PopoverPlacement } from '../ui/popover-position';
import { activeDiscoverType, DISCOVER_TYPES } from './discover';
import { ProjectTypeIcon } from './project-type-icon';
import mobile from './mobile-nav.module.css';
import nav from './nav-button.module.css';

interface DiscoverMenuProps {
  placement?: PopoverPlacement;
  /** "compact" is the mobile bottom-bar button: icon over a short label. */
  variant?: 'header' | 'compact';
}

/** "Discover content": the six search pages by project type. Its icon follows the page's type. */
export function DiscoverMenu({ placement = 'bottom-start', variant = 'header' }: DiscoverMenuProps) {
  const t = useT();
  const { pathname, search } = useLocation();
  const active = activeDiscoverType(pathname, search);
  const items = DISCOVER_TYPES.map((type) => ({
    key: type,
    to: paths.search.getHref(type),
    label: t(`shell.discover.${type}`),
    icon: <ProjectTypeIcon type={type} />,
    current: active?.type === type && active.emphasis === 'primary',
  }));
  const icon = active ? <ProjectTypeIcon type={active.type} /> : <CompassIcon />;
  return (
    <MenuButton
      items={items}
      placement={placement}
      triggerClassName={variant === 'header' ? nav.navButton : mobile.item}
      triggerData={{ 'data-active': active?.emphasis }}
      className={variant === 'compact' ? mobile.discover : undefined}
      menuClassName={variant === 'compact' ? mobile.sheet : undefined}
    >
      {icon}
      {variant === 'header' ? (
        <>
          <span className={nav.wide}>{t('shell.nav.discoverContent')}</span>
          <span className={nav.narrow}>{t('shell.nav.discover')}</span>
          <ChevronDownIcon className={nav.chevron} />
        </>
      ) : (
        <span>{t('shell.nav.discover')}</span>
      )}
    </MenuButton>
  );
}
