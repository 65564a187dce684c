import type { ServerPlan } from '@cairn/shared/schemas/servers';
import { encodeBase62 } from '../../lib/ids.js';
import type { ServerSubscription } from '../billing/server-plans.port.js';

/** Most backups each plan keeps (by plan name; an unknown plan gets the smallest). */
const MAX_BACKUPS: Record<string, number> = { Small: 4, Medium: 8, Large: 16, 'Own node': 16 };

export const maxBackupsOf = (plan: ServerSubscription['plan']) => MAX_BACKUPS[plan.name] ?? 4;

/** Most schedules each plan may keep (by plan name; an unknown plan gets the smallest). */
const MAX_SCHEDULES: Record<string, number> = { Small: 4, Medium: 8, Large: 16, 'Own node': 16 };

export const maxSchedulesOf = (plan: ServerSubscription['plan']) => MAX_SCHEDULES[plan.name] ?? 4;

export function toServerPlan(plan: ServerSubscription['plan']): ServerPlan {
  return {
    product_id: encodeBase62(plan.productId),
    name: plan.name,
    cpu: plan.cpu,
    ram: plan.ram,
    swap: plan.swap,
    storage: plan.storage,
    max_backups: maxBackupsOf(plan),
  };
}
