import { ensureMessageAreas } from '../lib/i18n/message-areas';

/**
 * The signed-in menus with their words (message area `menus`). The shell imports this small
 * module rather than the menus, so its first download carries one file name instead of the
 * menus' whole preload list.
 */
export const loadAccountMenus = () => Promise.all([import('./account-menus'), ensureMessageAreas(['menus'])]).then(([module]) => module);
