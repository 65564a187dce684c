import { useState } from 'react';
import { paths } from '../../config/paths';
import { createClickCounter, DEVELOPER_MODE_CLICK_GAP_MS, DEVELOPER_MODE_CLICKS } from '../../lib/feature-flags';
import { useT } from '../../lib/i18n/i18n-provider';
import { useNotifications } from '../../lib/notifications-provider';
import { useDeveloperMode } from '../../lib/preferences';
import { AppLink } from '../ui/app-link';
import { CairnMark } from './cairn-mark';
import styles from './brand-link.module.css';

/** The logo, linking home. Five quick clicks toggle developer mode. */
export function BrandLink() {
  const t = useT();
  const developerMode = useDeveloperMode();
  const notifications = useNotifications();
  const [countClick] = useState(() => createClickCounter(DEVELOPER_MODE_CLICKS, DEVELOPER_MODE_CLICK_GAP_MS));

  const onClick = () => {
    if (!countClick()) return;
    const enabling = !developerMode.enabled;
    developerMode.toggle();
    notifications.add({
      type: 'info',
      title: t(enabling ? 'shell.developerMode.activated' : 'shell.developerMode.deactivated'),
      text: t(enabling ? 'shell.developerMode.activatedText' : 'shell.developerMode.deactivatedText'),
    });
  };

  return (
    <AppLink to={paths.home.getHref()} className={styles.brand} aria-label={t('shell.brand.home')} onClick={onClick}>
      <CairnMark className={styles.mark} />
      <span className={styles.wordmark} aria-hidden="true">
        Cairn
      </span>
    </AppLink>
  );
}
