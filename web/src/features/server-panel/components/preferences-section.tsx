import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CheckboxField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverOptionQueries } from '../api/server-options-queries';
import { useEditAutoRestart } from '../api/use-server-option-mutations';
import { useServerPreferences } from '../hooks/use-server-preferences';
import styles from './options-sections.module.css';

/** Options › Preferences: kept in this browser, except auto restart, which the server's node applies. */
export function PreferencesSection({ serverId }: { serverId: string }) {
  const t = useT();
  const titleId = useId();
  const [preferences, update] = useServerPreferences(serverId);
  const remote = useQuery(serverOptionQueries.preferences(serverId));
  const autoRestart = useEditAutoRestart(serverId);
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('servers.options.preferences.title')}
      </h2>
      <p>{t('servers.options.preferences.text')}</p>
      <CheckboxField
        label={t('servers.options.preferences.hideAddress')}
        hint={t('servers.options.preferences.hideAddressHint')}
        checked={preferences.hideAddress}
        onChange={(event) => update({ hideAddress: event.target.checked })}
      />
      <CheckboxField
        label={t('servers.options.preferences.confirmPower')}
        hint={t('servers.options.preferences.confirmPowerHint')}
        checked={preferences.confirmPower}
        onChange={(event) => update({ confirmPower: event.target.checked })}
      />
      <CheckboxField
        label={t('servers.options.preferences.backupWhileRunning')}
        hint={t('servers.options.preferences.backupWhileRunningHint')}
        checked={preferences.backupWhileRunning}
        onChange={(event) => update({ backupWhileRunning: event.target.checked })}
      />
      <CheckboxField
        label={t('servers.options.preferences.autoRestart')}
        hint={t('servers.options.preferences.autoRestartHint')}
        checked={remote.data?.auto_restart ?? false}
        disabled={!remote.data || autoRestart.isPending}
        onChange={(event) => autoRestart.mutate(event.target.checked)}
      />
    </section>
  );
}
