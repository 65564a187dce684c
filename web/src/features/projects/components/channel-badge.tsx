import type { VersionType } from '@cairn/shared/schemas/versions';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './channel-badge.module.css';

/** Release / Beta / Alpha, in green, orange and red. */
export function ChannelBadge({ channel, short = false }: { channel: VersionType; short?: boolean }) {
  const t = useT();
  const label = t(`project.channel.${channel}`);
  return (
    <span className={`${styles.badge} ${styles[channel]}`} title={short ? label : undefined}>
      {short ? <span aria-hidden="true">{label.charAt(0)}</span> : label}
      {short && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
