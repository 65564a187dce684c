import type { CardBrand } from '@cairn/shared/schemas/billing';
import styles from './card-brand-icon.module.css';

/** Short marks drawn on a plain card shape: generic brand names only, no logos. */
const MARKS: Record<CardBrand, string> = {
  amex: 'AMEX',
  diners: 'DC',
  discover: 'DISC',
  eftpos: 'EFT',
  jcb: 'JCB',
  mastercard: 'MC',
  unionpay: 'UP',
  visa: 'VISA',
  paypal: 'PP',
  cashapp: 'CA',
  amazon_pay: 'AP',
  unknown: '',
};

/** A small card shape with the brand's initials; decorative, the brand's name is written beside it. */
export function CardBrandIcon({ brand }: { brand: CardBrand }) {
  return (
    <svg className={styles.icon} data-brand={brand} viewBox="0 0 40 26" width="40" height="26" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" className={styles.card} />
      {brand === 'unknown' ? (
        <rect x="5" y="8" width="30" height="4" className={styles.stripe} />
      ) : (
        <text x="20" y="17" textAnchor="middle" className={styles.mark}>
          {MARKS[brand]}
        </text>
      )}
    </svg>
  );
}
