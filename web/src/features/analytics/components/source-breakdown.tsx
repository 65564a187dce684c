import { DOWNLOAD_SOURCE_UNKNOWN, DOWNLOAD_SOURCE_WEBSITE } from '@cairn/shared/schemas/analytics';
import { useIntl } from 'react-intl';
import { DataTable } from '../../../components/ui/data-table';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { BreakdownTotal } from '../utils/series';
import { sourceSlices } from '../utils/sources';
import panelStyles from './analytics-panel.module.css';
import styles from './source-breakdown.module.css';

interface SourceBreakdownProps {
  /** Downloads per source, largest first. */
  rows: readonly BreakdownTotal[];
  headingLevel: 2 | 3;
}

/**
 * Downloads by download source: a bar split into each source's share (the picture), and a table
 * with the numbers whose colour keys match the bar (what screen readers get; the bar is hidden
 * from them). Launchers keep the name their User-Agent gives; `website` and `unknown` are words
 * of the catalogue.
 */
export function SourceBreakdown({ rows, headingLevel }: SourceBreakdownProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const { locale } = useIntl();
  const title = t('analytics.sources');
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const numbers = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const share = (value: number) => percent.format(total > 0 ? value / total : 0);
  const label = (key: string) =>
    key === DOWNLOAD_SOURCE_WEBSITE ? t('analytics.source.website') : key === DOWNLOAD_SOURCE_UNKNOWN ? t('analytics.source.unknown') : key;
  const { slices, colorOf } = sourceSlices(rows);

  return (
    <section className={panelStyles.regions} aria-label={title}>
      <Heading className={panelStyles.subheading}>{title}</Heading>
      <p className={panelStyles.muted}>{t('analytics.sourcesHint')}</p>
      {rows.length === 0 ? (
        <p className={panelStyles.muted}>{t('analytics.noData')}</p>
      ) : (
        <>
          <div className={styles.stack} aria-hidden="true">
            {slices.map((slice) => {
              const name = slice.key === undefined ? t('analytics.source.other', { count: slice.sources }) : label(slice.key);
              return <span key={slice.key ?? ''} className={styles.slice} style={{ flexGrow: slice.value, background: slice.color }} title={`${name}: ${share(slice.value)}`} />;
            })}
          </div>
          <DataTable
            className={panelStyles.figures}
            density="compact"
            scroll={false}
            columns={[
              { key: 'source', label: t('analytics.source') },
              { key: 'downloads', label: t('analytics.metric.downloads') },
              { key: 'share', label: t('analytics.share') },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <span className={styles.key}>
                    <span className={styles.swatch} style={{ background: colorOf(row.key) }} aria-hidden="true" />
                    {label(row.key)}
                  </span>
                </th>
                <td>{numbers.format(row.value)}</td>
                <td>{share(row.value)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
