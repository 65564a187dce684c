import { useIntl } from 'react-intl';
import { DataTable } from '../../../components/ui/data-table';
import { useT } from '../../../lib/i18n/i18n-provider';
import { countryName } from '../utils/format';
import type { CountryTotal } from '../utils/series';
import styles from './analytics-panel.module.css';

interface RegionTableProps {
  title: string;
  rows: readonly CountryTotal[];
  valueLabel: string;
  headingLevel: 2 | 3;
}

/** Totals per country with a bar for each one's share of the whole. */
export function RegionTable({ title, rows, valueLabel, headingLevel }: RegionTableProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const { locale } = useIntl();
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const numbers = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <section className={styles.regions} aria-label={title}>
      <Heading className={styles.subheading}>{title}</Heading>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('analytics.noData')}</p>
      ) : (
        <DataTable
          className={styles.figures}
          density="compact"
          scroll={false}
          columns={[
            { key: 'country', label: t('analytics.country') },
            { key: 'value', label: valueLabel },
            { key: 'share', label: t('analytics.share') },
          ]}
        >
          {rows.map((row) => {
            const share = total > 0 ? row.value / total : 0;
            return (
              <tr key={row.code}>
                <th scope="row">{countryName(row.code, locale) ?? t('analytics.unknownCountry')}</th>
                <td>{numbers.format(row.value)}</td>
                <td className={styles.shareCell}>
                  <span className={styles.bar} aria-hidden="true">
                    <span className={styles.barFill} style={{ width: `${(share * 100).toFixed(1)}%` }} />
                  </span>
                  {percent.format(share)}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
