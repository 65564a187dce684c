import type { BillingInterval } from '@cairn/shared/schemas/billing';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, type LoaderFunction } from 'react-router';
import { serverPaths } from '../../../config/server-paths';
import { billingQueries } from '../../../features/billing/api/billing-queries';
import { SubscribeModal } from '../../../features/billing/components/subscribe-modal';
import { serverPlanOffers } from '../../../features/billing/utils/server-plans';
import { PlanCards, type PlanOffer } from '../../../features/servers/components/plan-cards';
import { ServerNameModal } from '../../../features/servers/components/server-name-modal';
import { ServersMarketing } from '../../../features/servers/components/servers-marketing';
import { signInRedirectHref, useCurrentUser } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import type { PurchaseState } from './purchase-state';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(billingQueries.products());
    return null;
  };

interface Purchase {
  offer: PlanOffer;
  interval: BillingInterval;
  /** Set once the name step is done: payment follows. */
  name?: string;
}

/** `/servers`: open to everyone; buying needs an account, then a name, then billing's payment step. */
export function Component() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  useHead({ title: t('servers.marketing.pageTitle'), description: t('servers.marketing.lede') });
  const { user } = useCurrentUser();
  const { data: products } = useSuspenseQuery(billingQueries.products());
  const { data: servers } = useQuery({ ...serverQueries.list(), enabled: Boolean(user) });
  const [purchase, setPurchase] = useState<Purchase | undefined>();
  const offers = serverPlanOffers(products, locale);

  const buy = (offer: PlanOffer, interval: BillingInterval) => {
    if (!user) return void navigate(signInRedirectHref({ pathname: serverPaths.marketing(), search: '', hash: '#plan' }));
    setPurchase({ offer, interval });
  };
  const paid = () => {
    const state: PurchaseState = { purchase: { knownIds: (servers ?? []).map((s) => s.id), since: Date.now() } };
    void navigate(serverPaths.manage(), { state });
  };

  return (
    <>
      <ServersMarketing showManage={Boolean(servers && servers.length > 0)} plans={<PlanCards offers={offers} onBuy={buy} />} />
      {purchase && (
        <>
          <ServerNameModal open={!purchase.name} planName={purchase.offer.name} onClose={() => setPurchase(undefined)} onSubmit={(name) => setPurchase({ ...purchase, name })} />
          {purchase.name && (
            <SubscribeModal
              open
              onClose={() => setPurchase(undefined)}
              product={purchase.offer.product}
              interval={purchase.interval}
              priceLabel={purchase.offer.prices[purchase.interval] ?? ''}
              title={t('servers.purchase.payTitle', { plan: purchase.offer.name })}
              productName={t('servers.purchase.product', { plan: purchase.offer.name, name: purchase.name })}
              chargeExtras={{ server: { name: purchase.name } }}
              onSucceeded={paid}
            />
          )}
        </>
      )}
    </>
  );
}
