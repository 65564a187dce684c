import { ensureMessageAreas } from '../lib/i18n/message-areas';

/**
 * The billing banner with its words. The shell imports this small module rather than the banner,
 * so its first download carries one file name instead of the banner's whole preload list.
 */
export const loadBillingBanner = () =>
  Promise.all([import('../features/billing/components/billing-banner'), ensureMessageAreas(['billing'])]).then(([module]) => module.BillingBanner);
