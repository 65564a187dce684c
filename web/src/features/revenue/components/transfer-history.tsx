import { PAYOUT_METHOD_TYPES, type PayoutMethodType } from '@cairn/shared/schemas/payouts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/input';
import { revenuePaths } from '../../../config/revenue-paths';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { revenueQueries } from '../api/revenue-queries';
import { formatCents } from '../utils/money';
import { creditsOf, filterTransfers, transferMethods, transferredTotal, transferYears, withdrawalsOf } from '../utils/transfers';
import { CreditsTable } from './credits-table';
import { RevenuePage } from './revenue-page';
import { TransfersTable } from './transfers-table';
import styles from './revenue.module.css';

const isMethod = (value: string): value is PayoutMethodType => (PAYOUT_METHOD_TYPES as readonly string[]).includes(value);

/** `/dashboard/revenue/transfers`: withdrawals with their status (filtered by year and method) and the revenue credited. */
export function TransferHistory() {
  const t = useT();
  const locale = useLocale();
  const yearId = useId();
  const methodId = useId();
  const { data: history } = useSuspenseQuery(revenueQueries.history());
  const withdrawals = useMemo(() => withdrawalsOf(history), [history]);
  const credits = useMemo(() => creditsOf(history), [history]);
  const [year, setYear] = useState<number | undefined>();
  const [method, setMethod] = useState<PayoutMethodType | undefined>();
  const shown = filterTransfers(withdrawals, { year, method });

  return (
    <RevenuePage title={t('analytics.transfers.heading')} intro={<AppLink to={revenuePaths.getHref()}>{t('analytics.transfers.back')}</AppLink>}>

      <section className={styles.card} aria-labelledby="transfers-heading">
        <h2 id="transfers-heading" className="visually-hidden">
          {t('analytics.transfers.heading')}
        </h2>
        {withdrawals.length === 0 ? (
          <EmptyState>{t('analytics.transfers.none')}</EmptyState>
        ) : (
          <>
            <div className={styles.filters}>
              <div className={styles.filter}>
                <label htmlFor={yearId}>{t('analytics.transfers.year')}</label>
                <Select id={yearId} value={year ?? ''} onChange={(event) => setYear(event.target.value ? Number(event.target.value) : undefined)}>
                  <option value="">{t('analytics.transfers.allYears')}</option>
                  {transferYears(withdrawals).map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </Select>
              </div>
              <div className={styles.filter}>
                <label htmlFor={methodId}>{t('analytics.transfers.method')}</label>
                <Select id={methodId} value={method ?? ''} onChange={(event) => setMethod(isMethod(event.target.value) ? event.target.value : undefined)}>
                  <option value="">{t('analytics.transfers.anyMethod')}</option>
                  {transferMethods(withdrawals).map((m) => (
                    <option key={m} value={m}>
                      {t(`analytics.transfers.methodType.${m}`)}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            <p role="status">{t('analytics.transfers.total', { count: shown.length, amount: formatCents(transferredTotal(shown), locale) })}</p>
            {shown.length === 0 ? <EmptyState>{t('analytics.transfers.noMatch')}</EmptyState> : <TransfersTable transfers={shown} caption={t('analytics.transfers.heading')} />}
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby="credits-heading">
        <h2 id="credits-heading">{t('analytics.transfers.credits')}</h2>
        <p className={styles.muted}>{t('analytics.transfers.creditsHint')}</p>
        {credits.length === 0 ? <EmptyState>{t('analytics.transfers.noCredits')}</EmptyState> : <CreditsTable credits={credits} caption={t('analytics.transfers.credits')} />}
      </section>
    </RevenuePage>
  );
}
