import type { ChangelogProduct } from '@cairn/shared/schemas/changelog';
import type { MessageId } from '../../../lib/i18n/catalogs';

export const PRODUCT_LABELS: Record<ChangelogProduct, MessageId> = {
  web: 'site.changelog.product.web',
  servers: 'site.changelog.product.servers',
  app: 'site.changelog.product.app',
};
