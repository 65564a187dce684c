import { describe, expect, it } from 'vitest';
import { licenseLabel } from './license';
import { sortMembers } from './members';

describe('licenseLabel', () => {
  it('shows SPDX ids as they are and custom references as words', () => {
    expect(licenseLabel('MPL-2.0')).toEqual({ label: 'MPL-2.0', custom: false });
    expect(licenseLabel('LicenseRef-All-Rights-Reserved')).toEqual({ label: 'ARR', custom: true });
    expect(licenseLabel('LicenseRef-My-Own_License')).toEqual({ label: 'My Own License', custom: true });
    expect(licenseLabel('LicenseRef-Unknown')).toEqual({ label: 'Unknown', custom: true });
  });
});

describe('sortMembers', () => {
  const member = (username: string, role: string, accepted = true) =>
    ({ role, accepted, user: { username } }) as unknown as Parameters<typeof sortMembers>[0][number];
  it('puts the owner first, then orders by role and username, and leaves out pending invites', () => {
    const sorted = sortMembers([member('zed', 'Artist'), member('amy', 'Developer'), member('bo', 'Owner'), member('cal', 'Artist'), member('pending', 'Artist', false)]);
    expect(sorted.map((m) => m.user.username)).toEqual(['bo', 'cal', 'zed', 'amy']);
  });
});
