import { useSuspenseQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DataTable, numericCell } from '../../../components/ui/data-table';
import { revenuePaths } from '../../../config/revenue-paths';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { revenueQueries } from '../api/revenue-queries';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';
import { creditsOf, earnedThisYear, holdingDays, pendingReleases } from '../utils/transfers';
import { PayoutMethodsCard } from './payout-methods-card';
import { RevenuePage } from './revenue-page';
import styles from './revenue.module.css';

/** `/dashboard/revenue`: the balance, what becomes available when, and the way to withdraw. */
export function RevenueOverview() {
  const t = useT();
  const locale = useLocale();
  const dateText = useDateText();
  const [{ data: balance }, { data: history }] = useSuspenseQueries({ queries: [revenueQueries.balance(), revenueQueries.history()] });
  const credits = useMemo(() => creditsOf(history), [history]);
  const releases = pendingReleases(balance.dates);
  const holding = holdingDays(credits);
  const next = releases[0];
  const r = revenuePaths;

  return (
    <RevenuePage title={t('analytics.revenue.heading')} intro={t('analytics.revenue.intro')}>

      <section className={styles.card} aria-labelledby="revenue-balance">
        <h2 id="revenue-balance">{t('analytics.revenue.summary')}</h2>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('analytics.revenue.available')}</dt>
            <dd>{formatCents(balance.available, locale)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('analytics.revenue.pending')}</dt>
            <dd>{formatCents(balance.pending, locale)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('analytics.revenue.lifetime')}</dt>
            <dd>{formatCents(balance.earned_lifetime, locale)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('analytics.revenue.thisYear')}</dt>
            <dd>{formatCents(earnedThisYear(credits, new Date()), locale)}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{t('analytics.revenue.withdrawnThisYear', { amount: formatCents(balance.withdrawn_ytd, locale) })}</p>
        <div className={styles.actions}>
          {balance.available >= 1 ? (
            <ButtonLink to={r.withdraw.getHref()} color="brand">
              {t('analytics.revenue.withdraw')}
            </ButtonLink>
          ) : (
            <Button color="brand" disabled aria-describedby="revenue-nothing">
              {t('analytics.revenue.withdraw')}
            </Button>
          )}
          <AppLink to={r.transfers.getHref()}>{t('analytics.revenue.transfers')}</AppLink>
        </div>
        {balance.available < 1 && (
          <p id="revenue-nothing" className={styles.muted}>
            {t('analytics.revenue.nothingToWithdraw')}
          </p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="revenue-soon">
        <h2 id="revenue-soon">{t('analytics.revenue.availableSoon')}</h2>
        <p className={styles.muted}>{holding === undefined ? t('analytics.revenue.holdingUnknown') : t('analytics.revenue.holding', { days: holding })}</p>
        {next ? (
          <>
            <p>{t('analytics.revenue.nextRelease', { amount: formatCents(next.amount, locale), date: dateText(next.date) })}</p>
            <DataTable
              caption={t('analytics.revenue.availableSoon')}
              columns={[
                { key: 'date', label: t('analytics.revenue.releaseDate') },
                { key: 'amount', label: t('analytics.revenue.amount'), numeric: true },
              ]}
            >
              {releases.map((release) => (
                <tr key={release.date}>
                  <td>
                    <time dateTime={release.date}>{dateText(release.date)}</time>
                  </td>
                  <td className={numericCell}>{formatCents(release.amount, locale)}</td>
                </tr>
              ))}
            </DataTable>
          </>
        ) : (
          <p className={styles.muted}>{t('analytics.revenue.noPending')}</p>
        )}
        <p className={styles.muted}>{t('analytics.revenue.source')}</p>
      </section>

      <PayoutMethodsCard />
    </RevenuePage>
  );
}
