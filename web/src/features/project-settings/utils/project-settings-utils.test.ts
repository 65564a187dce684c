import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { describe, expect, it } from 'vitest';
import { buildTeamMember } from '../../../testing/mocks/catalogue';
import { buildUser } from '../../../testing/mocks/factories';
import { canFeatureMore, setFeatured, tagsBody, toggleTag } from './featured-tags';
import { detectDonationPlatform } from './link-platforms';
import { buildLicenseId, licenseFormValues, licenseRef } from './license-id';
import { canGrant, settingsAccess, togglePermission } from './permissions';
import { currentVisibility, visibilityBody } from './visibility';

const P = PROJECT_PERMISSIONS;

describe('settings access and permission bits', () => {
  const owner = buildTeamMember({ user: { id: 'Owner001' } });
  const editor = buildTeamMember({ role: 'Helper', permissions: P.EDIT_MEMBER | P.UPLOAD_VERSION, user: { id: 'Edit0001', username: 'ed' } });
  const invited = buildTeamMember({ role: 'Member', accepted: false, permissions: ALL_PROJECT_PERMISSIONS, user: { id: 'Pend0001', username: 'pen' } });
  const members = { members: [owner, editor, invited], organizationMembers: [] };

  it('gives accepted members their bits, the owner and admins all, moderators details and body, others nothing', () => {
    expect(settingsAccess(buildUser({ id: 'Owner001' }), members)?.permissions).toBe(ALL_PROJECT_PERMISSIONS);
    expect(settingsAccess(buildUser({ id: 'Owner001' }), members)?.isOwner).toBe(true);
    expect(settingsAccess(buildUser({ id: 'Edit0001' }), members)?.permissions).toBe(P.EDIT_MEMBER | P.UPLOAD_VERSION);
    // A pending invitation grants nothing.
    expect(settingsAccess(buildUser({ id: 'Pend0001' }), members)).toBeUndefined();
    expect(settingsAccess(buildUser({ id: 'Else0001' }), members)).toBeUndefined();
    expect(settingsAccess(null, members)).toBeUndefined();
    expect(settingsAccess(buildUser({ id: 'Else0001', role: 'admin' }), members)?.permissions).toBe(ALL_PROJECT_PERMISSIONS);
    expect(settingsAccess(buildUser({ id: 'Else0001', role: 'moderator' }), members)?.permissions).toBe(P.EDIT_DETAILS | P.EDIT_BODY | P.UPLOAD_VERSION);
  });

  it("lets the owning organization's accepted members in with their default project bits, not as project members", () => {
    const organizationMembers = [
      buildTeamMember({ role: 'Member', permissions: P.EDIT_DETAILS, user: { id: 'OrgMembr' } }),
      buildTeamMember({ role: 'Member', accepted: false, permissions: P.EDIT_DETAILS, user: { id: 'OrgInvit' } }),
    ];
    const access = settingsAccess(buildUser({ id: 'OrgMembr' }), { members: members.members, organizationMembers }, { name: 'Lamplighters', slug: 'lamplighters' });
    expect(access).toEqual({ member: undefined, permissions: P.EDIT_DETAILS, isOwner: false, source: 'organization', organization: { name: 'Lamplighters', slug: 'lamplighters' } });
    expect(settingsAccess(buildUser({ id: 'Owner001' }), members)?.source).toBe('team');
    expect(settingsAccess(buildUser({ id: 'Else0001', role: 'moderator' }), members)?.source).toBe('staff');
    expect(settingsAccess(buildUser({ id: 'OrgInvit' }), { members: members.members, organizationMembers })).toBeUndefined();
  });

  it('grants and revokes only the bits the editor holds', () => {
    const editorBits = P.EDIT_MEMBER | P.UPLOAD_VERSION;
    expect(canGrant(editorBits, 'UPLOAD_VERSION')).toBe(true);
    expect(canGrant(editorBits, 'DELETE_PROJECT')).toBe(false);
    expect(togglePermission(0, 'UPLOAD_VERSION', true, editorBits)).toBe(P.UPLOAD_VERSION);
    expect(togglePermission(P.UPLOAD_VERSION | P.VIEW_PAYOUTS, 'UPLOAD_VERSION', false, editorBits)).toBe(P.VIEW_PAYOUTS);
    // Neither given nor taken away without holding it.
    expect(togglePermission(0, 'DELETE_PROJECT', true, editorBits)).toBe(0);
    expect(togglePermission(P.VIEW_PAYOUTS, 'VIEW_PAYOUTS', false, editorBits)).toBe(P.VIEW_PAYOUTS);
  });
});

describe('donation platform detection', () => {
  it.each([
    ['https://www.patreon.com/lanterns', 'patreon'],
    ['https://ko-fi.com/lanterns', 'ko-fi'],
    ['https://paypal.me/lanterns', 'paypal'],
    ['https://www.paypal.com/donate?id=1', 'paypal'],
    ['https://buymeacoffee.com/lanterns', 'bmac'],
    ['https://www.buymeacoffee.com/lanterns', 'bmac'],
    ['https://github.com/sponsors/lanterns', 'github'],
  ])('%s is %s', (url, platform) => {
    expect(detectDonationPlatform(url)).toBe(platform);
  });

  it.each(['https://github.com/lanterns/repo', 'https://notpatreon.com/x', 'https://example.com', 'not a url', ''])('%s has no platform', (url) => {
    expect(detectDonationPlatform(url)).toBeUndefined();
  });
});

describe('license ids', () => {
  const values = { choice: 'MIT', orLater: false, noSpdx: false, spdxId: '', name: '', url: '' };

  it('builds -only and -or-later ids for licenses with later editions', () => {
    expect(buildLicenseId(values)).toBe('MIT');
    expect(buildLicenseId({ ...values, choice: 'GPL-3.0' })).toBe('GPL-3.0-only');
    expect(buildLicenseId({ ...values, choice: 'LGPL-2.1', orLater: true })).toBe('LGPL-2.1-or-later');
    // "or later" means nothing for a license without later editions.
    expect(buildLicenseId({ ...values, orLater: true })).toBe('MIT');
  });

  it('builds LicenseRef ids for custom licenses without an SPDX id, and keeps SPDX ids as typed', () => {
    expect(licenseRef('  My own   license! ')).toBe('LicenseRef-My-own-license');
    expect(licenseRef('!!!')).toBe('');
    expect(buildLicenseId({ ...values, choice: 'custom', noSpdx: true, name: 'Lantern License 2' })).toBe('LicenseRef-Lantern-License-2');
    expect(buildLicenseId({ ...values, choice: 'custom', spdxId: ' EUPL-1.2 ' })).toBe('EUPL-1.2');
  });

  it('reads a project license back into the form', () => {
    expect(licenseFormValues('GPL-3.0-or-later', null)).toMatchObject({ choice: 'GPL-3.0', orLater: true });
    expect(licenseFormValues('LGPL-2.1-only', 'https://x.test')).toMatchObject({ choice: 'LGPL-2.1', orLater: false, url: 'https://x.test' });
    expect(licenseFormValues('mpl-2.0', null)).toMatchObject({ choice: 'MPL-2.0' });
    expect(licenseFormValues('arr', null)).toMatchObject({ choice: 'LicenseRef-All-Rights-Reserved' });
    expect(licenseFormValues('LicenseRef-Lantern-License', 'https://x.test')).toMatchObject({ choice: 'custom', noSpdx: true, name: 'Lantern License' });
    expect(licenseFormValues('EUPL-1.2', null)).toMatchObject({ choice: 'custom', noSpdx: false, spdxId: 'EUPL-1.2' });
    expect(licenseFormValues('LicenseRef-Unknown', null)).toMatchObject({ choice: '' });
  });
});

describe('featured tags', () => {
  it('features at most three selected tags', () => {
    let selection = { featured: [] as string[], additional: [] as string[] };
    for (const tag of ['magic', 'food', 'mobs', 'storage']) selection = toggleTag(selection, tag, true);
    expect(selection).toEqual({ featured: [], additional: ['magic', 'food', 'mobs', 'storage'] });
    for (const tag of ['magic', 'food', 'mobs']) selection = setFeatured(selection, tag, true);
    expect(canFeatureMore(selection)).toBe(false);
    expect(setFeatured(selection, 'storage', true)).toBe(selection);
    expect(tagsBody(selection)).toEqual({ categories: ['magic', 'food', 'mobs'], additional_categories: ['storage'] });
    // Unticking a featured tag frees its place.
    selection = toggleTag(selection, 'food', false);
    expect(selection).toEqual({ featured: ['magic', 'mobs'], additional: ['storage'] });
    expect(setFeatured(selection, 'storage', true)).toEqual({ featured: ['magic', 'mobs', 'storage'], additional: [] });
    // A tag that is not selected cannot be featured.
    expect(setFeatured(selection, 'food', true)).toBe(selection);
  });

  it('features the first three when none are chosen', () => {
    expect(tagsBody({ featured: [], additional: ['a', 'b', 'c', 'd'] })).toEqual({ categories: ['a', 'b', 'c'], additional_categories: ['d'] });
  });
});

describe('visibility', () => {
  it('changes the status once approved, and the requested status before', () => {
    expect(currentVisibility({ status: 'unlisted', requested_status: 'approved' })).toBe('unlisted');
    expect(currentVisibility({ status: 'draft', requested_status: 'private' })).toBe('private');
    expect(currentVisibility({ status: 'processing', requested_status: null })).toBe('approved');
    expect(visibilityBody({ status: 'approved' }, 'unlisted')).toEqual({ status: 'unlisted' });
    expect(visibilityBody({ status: 'draft' }, 'unlisted')).toEqual({ requested_status: 'unlisted' });
  });
});
