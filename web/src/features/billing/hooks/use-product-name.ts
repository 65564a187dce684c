import type { Product } from '@cairn/shared/schemas/billing';
import { useCallback } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';

/** "Cairn Plus" or "Small server plan". */
export function useProductName(): (product: Product | undefined) => string {
  const t = useT();
  return useCallback(
    (product: Product | undefined) => {
      if (!product) return t('billing.product.unknown');
      return product.metadata.type === 'midas' ? t('billing.plus.name') : t('billing.settings.serverPlan', { name: product.metadata.name });
    },
    [t],
  );
}
