import type { ReactNode } from 'react';
import { HttpError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n-provider';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { RateLimitText, rateLimitOf } from './rate-limit-text';

interface SectionErrorProps {
  error: unknown;
  /** What could not be shown ("The latest updates could not be loaded."). */
  title: ReactNode;
  onRetry: () => void;
}

/** One part of a page that failed to load, said in place while the rest of the page stays. */
export function SectionError({ error, title, onRetry }: SectionErrorProps) {
  const t = useT();
  const limited = rateLimitOf(error);
  return (
    <Banner
      tone="error"
      framed
      title={limited ? t('errors.rateLimited.title') : title}
      actions={
        <Button size="small" onClick={onRetry}>
          {t('errors.section.retry')}
        </Button>
      }
    >
      {limited ? <RateLimitText retryAfterSeconds={limited.retryAfterSeconds} /> : error instanceof HttpError ? error.description : undefined}
    </Banner>
  );
}
