import { useIntl } from 'react-intl';
import type { TimeMetric } from '../api/analytics-queries';
import { formatBucket, formatMetricExact } from '../utils/format';
import type { AlignedSeries } from '../utils/series';
import { DataTable } from '../../../components/ui/data-table';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './analytics-panel.module.css';

interface AnalyticsTableProps {
  aligned: AlignedSeries;
  metric: TimeMetric;
  resolutionMinutes: number;
  caption: string;
}

/** The chart's numbers as a table: the screen-reader alternative, and shown on request. */
export function AnalyticsTable({ aligned, metric, resolutionMinutes, caption }: AnalyticsTableProps) {
  const t = useT();
  const { locale } = useIntl();
  const format = (value: number) => formatMetricExact(metric, value, locale);
  return (
    <div className={styles.tableBox}>
      <DataTable
        className={styles.figures}
        caption={caption}
        captionVisible
        density="compact"
        scroll={false}
        columns={[
          { key: 'time', label: t('analytics.time') },
          ...aligned.series.map((s) => ({ key: s.project.id, label: s.project.title })),
          aligned.series.length > 1 && { key: 'total', label: t('analytics.total') },
        ]}
      >
        {aligned.timestamps.map((at, index) => (
          <tr key={at}>
            <th scope="row">{formatBucket(at, resolutionMinutes, locale)}</th>
            {aligned.series.map((s) => (
              <td key={s.project.id}>{format(s.values[index]!)}</td>
            ))}
            {aligned.series.length > 1 && <td>{format(aligned.series.reduce((sum, s) => sum + s.values[index]!, 0))}</td>}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
