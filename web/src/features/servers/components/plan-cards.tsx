import type { BillingInterval, Product } from '@cairn/shared/schemas/billing';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IntervalPicker, PlanCard, PlanFeatures, PlanGrid, PlanNote } from '../../../components/ui/plan-card';
import { useT } from '../../../lib/i18n/i18n-provider';
import { formatMebibytes } from '../../../lib/servers/server-display';
import styles from './plan-cards.module.css';

/** At or under this many servers left, a plan says stock is low. */
export const LOW_STOCK = 3;

/** What a plan card needs (billing builds it from the products and their prices). */
export interface PlanOffer {
  product: Product;
  name: string;
  cpu: number;
  ram: number;
  storage: number;
  stock: number;
  prices: Partial<Record<BillingInterval, string>>;
}

interface PlanCardsProps {
  offers: readonly PlanOffer[];
  onBuy: (offer: PlanOffer, interval: BillingInterval) => void;
}

/** `#plan`: the server plans with their resources, price per interval and stock. */
export function PlanCards({ offers, onBuy }: PlanCardsProps) {
  const t = useT();
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  return (
    <section id="plan" className={styles.section} aria-labelledby="server-plans-title" tabIndex={-1}>
      <h2 id="server-plans-title" className={styles.title}>
        {t('servers.plans.title')}
      </h2>
      <IntervalPicker
        legend={t('servers.plans.interval')}
        name="server-plan-interval"
        options={(['monthly', 'yearly'] as const).map((option) => ({ value: option, label: t(`servers.plans.${option}`) }))}
        value={interval}
        onChange={setInterval}
      />
      {offers.length === 0 ? (
        <p>{t('servers.plans.none')}</p>
      ) : (
        <PlanGrid>
          {offers.map((offer) => {
            const price = offer.prices[interval];
            const soldOut = offer.stock <= 0;
            const headingId = `server-plan-${offer.product.id}`;
            return (
              <PlanCard
                key={offer.product.id}
                as="li"
                name={offer.name}
                nameId={headingId}
                features={
                  <PlanFeatures>
                    <li>{t('servers.plans.ram', { ram: formatMebibytes(offer.ram) })}</li>
                    <li>{t('servers.plans.storage', { storage: formatMebibytes(offer.storage) })}</li>
                    <li>{t('servers.plans.cpu', { count: offer.cpu })}</li>
                  </PlanFeatures>
                }
                price={price ? t(interval === 'monthly' ? 'servers.plans.perMonth' : 'servers.plans.perYear', { price }) : t('servers.plans.noPrice')}
                note={
                  soldOut ? (
                    <PlanNote tone="red">{t('servers.plans.outOfStock')}</PlanNote>
                  ) : (
                    offer.stock <= LOW_STOCK && <PlanNote tone="orange">{t('servers.plans.lowStock', { count: offer.stock })}</PlanNote>
                  )
                }
                action={
                  <Button color="brand" disabled={soldOut || !price} onClick={() => onBuy(offer, interval)} aria-describedby={headingId}>
                    {t('servers.plans.buy', { plan: offer.name })}
                  </Button>
                }
              />
            );
          })}
        </PlanGrid>
      )}
    </section>
  );
}
