import { AUTOBACKUP_INTERVALS, type ServerAutobackup } from '@cairn/shared/schemas/servers';
import { useState } from 'react';
import { CheckboxField, FieldGroup, FieldLabel, FormAlert } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useSetAutobackup } from '../api/use-backup-mutations';
import styles from './backups-tab.module.css';

type Interval = ServerAutobackup['interval_hours'];

/** Turns automatic backups on or off and picks how often they run. */
export function AutobackupModal({ serverId, current, onClose }: { serverId: string; current: ServerAutobackup; onClose: () => void }) {
  const t = useT();
  const [enabled, setEnabled] = useState(current.enabled);
  const [interval, setInterval] = useState<Interval>(current.interval_hours);
  const save = useSetAutobackup(serverId, { onSuccess: onClose });
  return (
    <FormModal
      title={t('servers.backups.auto.title')}
      submitLabel={t('servers.backups.auto.save')}
      submitDisabled={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ enabled, interval_hours: interval });
      }}
    >
      <p>{t('servers.backups.auto.text')}</p>
      <CheckboxField label={t('servers.backups.auto.enabled')} checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
      <FieldGroup role="radiogroup" aria-labelledby="autobackup-interval">
        <FieldLabel id="autobackup-interval">{t('servers.backups.auto.interval')}</FieldLabel>
        <div className={styles.intervals}>
          {AUTOBACKUP_INTERVALS.map((hours) => (
            <label key={hours} className={styles.interval}>
              <input type="radio" name="autobackup-interval" value={hours} checked={interval === hours} disabled={!enabled} onChange={() => setInterval(hours)} />
              {t('servers.backups.auto.every', { hours })}
            </label>
          ))}
        </div>
      </FieldGroup>
      {current.last_skipped && <FormAlert tone="info">{t('servers.backups.auto.skipped', { reason: current.last_skipped })}</FormAlert>}
    </FormModal>
  );
}
