import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { resolveFeatureFlags, type FeatureFlag } from '../../../lib/feature-flags';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useFeatureFlags } from '../../../lib/preferences';
import styles from './feature-flag-list.module.css';

const DEFAULTS = resolveFeatureFlags({});
/** Every flag, in the order they are declared. */
const FEATURE_FLAGS = Object.keys(DEFAULTS) as FeatureFlag[];

/** `developerMode` → "developer mode", `showAdsWithPlus` → "show ads with plus". */
export function flagDisplayName(flag: FeatureFlag): string {
  return flag.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function FlagRow({ flag, value, onChange }: { flag: FeatureFlag; value: boolean; onChange: (value: boolean) => void }) {
  const t = useT();
  const id = useId();
  return (
    <li className={styles.flag}>
      <input id={id} type="checkbox" checked={value} aria-describedby={`${id}-details`} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className={styles.name}>
        {flagDisplayName(flag)}
      </label>
      <p id={`${id}-details`} className={styles.details}>
        {t(`site.flags.desc.${flag}`)} {t('site.flags.default', { value: String(DEFAULTS[flag]) })}
      </p>
    </li>
  );
}

/** `/flags`: every feature flag as a checkbox; changes are stored at once (overrides only). */
export function FeatureFlagList() {
  const t = useT();
  const notifications = useNotifications();
  const { flags, setFlag } = useFeatureFlags();
  const reset = () => {
    for (const flag of FEATURE_FLAGS) setFlag(flag, DEFAULTS[flag]);
    notifications.add({ type: 'success', title: t('site.flags.resetDone'), text: t('site.flags.resetDoneText') });
  };
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('site.flags.title')}</h1>
        <p className={styles.intro}>{t('site.flags.intro')}</p>
      </header>
      <ul className={styles.list}>
        {FEATURE_FLAGS.map((flag) => (
          <FlagRow key={flag} flag={flag} value={flags[flag]} onChange={(value) => setFlag(flag, value)} />
        ))}
      </ul>
      <Button variant="outlined" onClick={reset}>
        {t('site.flags.reset')}
      </Button>
    </>
  );
}
