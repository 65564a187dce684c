import { isAdmin, type Actor } from '../../lib/actor.js';

/** Admins see what Cairn keeps of a charge (its net amount); its payer does not. */
export function seesChargeNet(actor: Actor): boolean {
  return isAdmin(actor);
}
