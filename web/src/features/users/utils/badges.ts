import { USER_BADGES } from '@cairn/shared/constants/permissions';
import type { User } from '@cairn/shared/schemas/users';

type BadgeKind = 'staff' | 'moderator' | 'plus' | 'supporter' | 'tenMillion' | 'earlyAdopter' | 'alphaTester' | 'contributor' | 'translator';

/** Downloads across a user's projects that earn the 10M club badge. */
export const TEN_MILLION = 10_000_000;

/** The badges a profile shows, from the role, the badge bits and the downloads of the user's projects. */
export function userBadges(user: Pick<User, 'role' | 'badges'>, totalDownloads: number): BadgeKind[] {
  const has = (bit: number) => (user.badges & bit) !== 0;
  const badges: BadgeKind[] = [];
  if (user.role === 'admin') badges.push('staff');
  if (user.role === 'moderator') badges.push('moderator');
  if (has(USER_BADGES.PLUS)) badges.push('plus');
  if (has(USER_BADGES.SUPPORTER)) badges.push('supporter');
  if (totalDownloads > TEN_MILLION) badges.push('tenMillion');
  if (has(USER_BADGES.EARLY_MODPACK_ADOPTER) || has(USER_BADGES.EARLY_RESPACK_ADOPTER) || has(USER_BADGES.EARLY_PLUGIN_ADOPTER)) badges.push('earlyAdopter');
  if (has(USER_BADGES.ALPHA_TESTER)) badges.push('alphaTester');
  if (has(USER_BADGES.CONTRIBUTOR)) badges.push('contributor');
  if (has(USER_BADGES.TRANSLATOR)) badges.push('translator');
  return badges;
}
