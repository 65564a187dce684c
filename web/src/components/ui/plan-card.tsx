import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './plan-card.module.css';

interface PlanCardProps {
  /** An item of a list of plans, or a section of its own. */
  as?: 'li' | 'section';
  /** The plan's name (a heading; give `nameId` to name the card by it). */
  name?: ReactNode;
  nameId?: string;
  'aria-label'?: string;
  /** What the plan gives (a list). */
  features?: ReactNode;
  /** Between the features and the price (e.g. the choice of interval). */
  children?: ReactNode;
  price?: ReactNode;
  /** Announces the price when it changes (a choice of interval on the card changes it). */
  priceLive?: boolean;
  /** A line under the price: stock, a saving. */
  note?: ReactNode;
  /** Buy, subscribe or manage. */
  action?: ReactNode;
}

/** A plan on offer: name, what it gives, its price and the way to get it (Plus, server plans). */
export function PlanCard({ as: Tag = 'section', name, nameId, features, children, price, priceLive = false, note, action, ...aria }: PlanCardProps) {
  return (
    <Tag className={styles.card} aria-labelledby={nameId} {...aria}>
      {name !== undefined && (
        <h3 id={nameId} className={styles.name}>
          {name}
        </h3>
      )}
      {features}
      {children}
      {price !== undefined && (
        <p className={styles.price} aria-live={priceLive ? 'polite' : undefined}>
          {price}
        </p>
      )}
      {note}
      {action}
    </Tag>
  );
}

/** A line under a plan's price, coloured by what it says. */
export function PlanNote({ tone, children }: { tone: 'green' | 'orange' | 'red'; children: ReactNode }) {
  return (
    <p className={styles.note} data-tone={tone}>
      {children}
    </p>
  );
}

/** The specifications or perks of a plan. */
export function PlanFeatures({ plain = false, children }: { plain?: boolean; children: ReactNode }) {
  return <ul className={cx(styles.features, plain && styles.plain)}>{children}</ul>;
}

/** Plans side by side where there is room. */
export function PlanGrid({ children }: { children: ReactNode }) {
  return <ul className={styles.grid}>{children}</ul>;
}

interface IntervalPickerProps<T extends string> {
  legend: ReactNode;
  /** The radio group's name. */
  name: string;
  options: readonly { value: T; label: ReactNode; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
}

/** How often to pay, as pills (monthly or yearly). */
export function IntervalPicker<T extends string>({ legend, name, options, value, onChange }: IntervalPickerProps<T>) {
  return (
    <fieldset className={styles.intervals}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.interval} data-checked={value === option.value || undefined}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} disabled={option.disabled} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
