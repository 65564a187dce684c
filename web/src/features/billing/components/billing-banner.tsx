import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { useProductName } from '../hooks/use-product-name';
import { failedRenewal, findPrice } from '../utils/subscriptions';

/**
 * "Billing action required" on every page (but the billing settings, where the fix is) while a
 * renewal of one of the signed-in user's subscriptions has failed.
 */
export function BillingBanner() {
  const t = useT();
  const { pathname } = useLocation();
  const productName = useProductName();
  const { data: subscriptions } = useQuery(billingQueries.subscriptions());
  const { data: charges } = useQuery(billingQueries.charges());
  const { data: products } = useQuery({ ...billingQueries.products(), enabled: Boolean(charges?.some((c) => c.status === 'failed')) });
  if (!subscriptions || !charges || pathname.startsWith(paths.settings.billing.path)) return null;
  const failed = failedRenewal(subscriptions, charges);
  if (!failed || !products) return null;
  return (
    <Banner
      tone="error"
      title={t('billing.banner.title')}
      actions={
        <ButtonLink to={paths.settings.billing.getHref()} size="small" color="red">
          {t('billing.banner.fix')}
        </ButtonLink>
      }
    >
      {t('billing.banner.text', { product: productName(findPrice(products, failed.price_id)?.product) })}
    </Banner>
  );
}
