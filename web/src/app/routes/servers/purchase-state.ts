import { useEffect, useState } from 'react';

/** What the plans page hands the list after a purchase, so the list waits for the new server. */
export interface PurchaseState {
  purchase: { knownIds: string[]; since: number };
}

/** How long and how often the list looks for a just-bought server. */
export const PURCHASE_POLL_MS = 5000;
export const PURCHASE_WAIT_MS = 60_000;

export function purchaseFrom(state: unknown): PurchaseState['purchase'] | undefined {
  if (!state || typeof state !== 'object' || !('purchase' in state)) return undefined;
  return (state as PurchaseState).purchase;
}

/** True from arriving with a purchase until PURCHASE_WAIT_MS after it was paid. */
export function usePurchaseWindow(purchase: PurchaseState['purchase'] | undefined): boolean {
  const [open, setOpen] = useState(Boolean(purchase));
  useEffect(() => {
    if (!purchase) return;
    const timer = setTimeout(() => setOpen(false), Math.max(0, purchase.since + PURCHASE_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [purchase]);
  return open && Boolean(purchase);
}
