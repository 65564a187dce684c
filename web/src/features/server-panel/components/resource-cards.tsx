import type { AgentStats } from '@cairn/shared/schemas/node-agent';
import { Sparkline } from '../../../components/ui/sparkline';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './resource-cards.module.css';
import { useFormatters } from '../../../lib/use-formatters';

/** CPU (0–100 % of the host), memory and storage: the latest figure as text, recent ones as a line. */
export function ResourceCards({ stats }: { stats: readonly AgentStats[] }) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const latest = stats.at(-1);
  const cards = [
    {
      key: 'cpu',
      title: t('servers.overview.cpu'),
      value: latest ? t('servers.overview.percent', { value: Math.round(latest.cpu_percent) }) : '—',
      series: stats.map((s) => s.cpu_percent),
      max: 100,
    },
    {
      key: 'memory',
      title: t('servers.overview.memory'),
      value: latest ? t('servers.overview.ofLimit', { used: formatBytes(latest.memory_bytes), limit: formatBytes(latest.memory_limit_bytes) }) : '—',
      series: stats.map((s) => s.memory_bytes),
      max: latest?.memory_limit_bytes,
    },
    {
      key: 'storage',
      title: t('servers.overview.storage'),
      value: latest ? t('servers.overview.ofLimit', { used: formatBytes(latest.disk_bytes), limit: formatBytes(latest.disk_limit_bytes) }) : '—',
      series: stats.map((s) => s.disk_bytes),
      max: latest?.disk_limit_bytes,
    },
  ];
  return (
    <section aria-labelledby="server-resources-title">
      <h2 id="server-resources-title" className="visually-hidden">
        {t('servers.overview.resources')}
      </h2>
      <ul className={styles.cards}>
      {cards.map((card) => (
        <li key={card.key} className={styles.card} data-testid={`resource-${card.key}`}>
          <h3 className={styles.title}>{card.title}</h3>
          <p className={styles.value}>{card.value}</p>
          {card.series.length > 0 && <Sparkline values={card.series} max={card.max} />}
        </li>
      ))}
      </ul>
    </section>
  );
}
