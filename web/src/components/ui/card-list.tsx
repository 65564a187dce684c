import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './card-list.module.css';

/** A list of cards, one per thing the user owns (sessions, tokens, apps). */
export function CardList({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

interface CardListItemProps {
  /** An icon or picture before the text. */
  media?: ReactNode;
  /** Buttons at the end of the card (under the text on narrow cards). */
  actions?: ReactNode;
  /** Centres the text and the actions vertically (for cards of a few lines). */
  centered?: boolean;
  children: ReactNode;
}

export function CardListItem({ media, actions, centered = false, children }: CardListItemProps) {
  return (
    <li className={cx(styles.item, centered && styles.centered)}>
      {media}
      <div className={styles.main}>{children}</div>
      {actions}
    </li>
  );
}

/** The actions of a card, grouped at its end. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** The card's name (a heading, so the page can be read by headings). */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h2 className={styles.title}>{children}</h2>;
}

/** Secondary lines of a card; `spread` lays its parts out in a wrapping row. */
export function CardMeta({ spread = false, className, ...rest }: { spread?: boolean } & HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(styles.meta, spread && styles.spread, className)} {...rest} />;
}

/** A folded part of a card (e.g. the scopes of a token). */
export function CardDetails({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className={styles.details}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
