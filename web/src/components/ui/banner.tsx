import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-provider';
import { Button } from './button';
import { CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';

interface BannerProps {
  tone: 'info' | 'warning' | 'error';
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links, e.g. "Re-send verification email". */
  actions?: ReactNode;
  /** Shows a close button when given. */
  onDismiss?: () => void;
}

/** A full-width notice at the top of every page, rendered in the shell's banner area. */
export function Banner({ tone, title, children, actions, onDismiss }: BannerProps) {
  const t = useT();
  const Icon = tone === 'info' ? InfoIcon : tone === 'warning' ? WarningIcon : ErrorIcon;
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="banner__inner">
        <Icon className="banner__icon" />
        <div className="banner__content">
          <p className="banner__title">{title}</p>
          {children && <div className="banner__text">{children}</div>}
          {actions && <div className="banner__actions">{actions}</div>}
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
