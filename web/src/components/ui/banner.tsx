import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-provider';
import { cx } from '../../lib/class-names';
import styles from './banner.module.css';
import { Button } from './button';
import { CloseIcon } from './icons';
import { ErrorIcon, InfoIcon, WarningIcon } from './page-icons';

interface BannerProps {
  tone: 'info' | 'warning' | 'error';
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links, e.g. "Re-send verification email". */
  actions?: ReactNode;
  /** Shows a close button when given. */
  onDismiss?: () => void;
  /** Draws a rounded frame, for a banner inside a page rather than across the top of it. */
  framed?: boolean;
}

/** A full-width notice at the top of every page, rendered in the shell's banner area. */
export function Banner({ tone, title, children, actions, onDismiss, framed = false }: BannerProps) {
  const t = useT();
  const Icon = tone === 'info' ? InfoIcon : tone === 'warning' ? WarningIcon : ErrorIcon;
  return (
    <div className={cx(styles.banner, tone !== 'info' && styles[tone], framed && styles.framed)} role={tone === 'error' ? 'alert' : 'status'}>
      <div className={styles.inner}>
        <Icon className={styles.icon} />
        <div className={styles.content}>
          <p className={styles.title}>{title}</p>
          {children && <div className={styles.text}>{children}</div>}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {onDismiss && (
          <Button variant="transparent" size="small" iconOnly aria-label={t('common.dismiss')} onClick={onDismiss}>
            <CloseIcon />
          </Button>
        )}
      </div>
    </div>
  );
}
