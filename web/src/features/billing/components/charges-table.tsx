import type { ReactNode } from 'react';
import type { Charge, Product } from '@cairn/shared/schemas/billing';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useBillingDate } from '../hooks/use-billing-date';
import { useProductName } from '../hooks/use-product-name';
import { formatBillingAmount } from '../utils/money';
import { byDueDescending, findPrice } from '../utils/subscriptions';
import { DataTable, numericCell } from '../../../components/ui/data-table';
import styles from './charges-table.module.css';

export function ChargeStatusBadge({ status }: { status: Charge['status'] }) {
  const t = useT();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`billing.status.${status}`)}
    </span>
  );
}

/**
 * Charges newest first: date, product, amount in the money format (refunds negative), status and
 * type. `extra` adds a last column (the staff page's refund button).
 */
export function ChargesTable({ charges, products, caption, extra }: { charges: readonly Charge[]; products: readonly Product[]; caption: string; extra?: (charge: Charge) => ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useBillingDate();
  const productName = useProductName();
  return (
    <DataTable
      caption={caption}
      columns={[
        { key: 'date', label: t('billing.charges.date') },
        { key: 'product', label: t('billing.charges.product') },
        { key: 'amount', label: t('billing.charges.amount'), numeric: true },
        { key: 'status', label: t('billing.charges.status') },
        { key: 'type', label: t('billing.charges.type') },
        extra && { key: 'extra', label: null, blank: true },
      ]}
    >
      {[...charges].sort(byDueDescending).map((charge) => {
        const amount = charge.type === 'refund' ? -Math.abs(charge.amount) : charge.amount;
        const interval = charge.subscription_interval ? ` · ${t(`billing.intervalWord.${charge.subscription_interval}`)}` : '';
        return (
          <tr key={charge.id}>
            <td>
              <time dateTime={charge.due}>{formatDate(charge.due)}</time>
            </td>
            <td>
              {productName(findPrice(products, charge.price_id)?.product)}
              {interval}
            </td>
            <td className={numericCell}>{formatBillingAmount(amount, charge.currency_code, locale)}</td>
            <td>
              <ChargeStatusBadge status={charge.status} />
            </td>
            <td>{t(`billing.type.${charge.type}`)}</td>
            {extra && <td>{extra(charge)}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}
