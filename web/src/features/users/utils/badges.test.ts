import { USER_BADGES } from '@cairn/shared/constants/permissions';
import { describe, expect, it } from 'vitest';
import { TEN_MILLION, userBadges } from './badges';

describe('userBadges', () => {
  it('shows nothing for a plain account', () => {
    expect(userBadges({ role: 'developer', badges: 0 }, 0)).toEqual([]);
  });

  it('derives badges from the role, the bits and the downloads', () => {
    expect(userBadges({ role: 'admin', badges: USER_BADGES.SUPPORTER | USER_BADGES.TRANSLATOR }, TEN_MILLION + 1)).toEqual([
      'staff',
      'supporter',
      'tenMillion',
      'translator',
    ]);
    expect(userBadges({ role: 'moderator', badges: USER_BADGES.EARLY_PLUGIN_ADOPTER | USER_BADGES.ALPHA_TESTER | USER_BADGES.CONTRIBUTOR }, TEN_MILLION)).toEqual([
      'moderator',
      'earlyAdopter',
      'alphaTester',
      'contributor',
    ]);
  });
});
