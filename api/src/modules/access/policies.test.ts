import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { canListUserOAuthApps, canManageOAuthApp } from './oauth-app.policy.js';
import { canAddGalleryImages, canForceMonetization, canHandOverProject, type MembershipRow, type ProjectAccess } from './project.policy.js';
import { canGrantPermissions, canTransferTeamOwnership, hasTeamPermission, memberVisibility, type TeamAccess } from './team.policy.js';
import { canChangeRolesAndBadges, canDeleteUser, canEditUser, userVisibility } from './user.policy.js';
import { canChangeDownloadCounts, canSeeVersion, visibleVersionsCondition } from './version.policy.js';

const actor = (userId: number, role: Actor['role'] = 'developer', scopes = 0): Actor => ({ userId, role, scopes, kind: 'pat', credentialId: 1 });
const access = (fields: Partial<ProjectAccess>): ProjectAccess => ({
  project: { id: 1, slug: 'p', status: 'approved', teamId: 10, organizationId: null, organizationTeamId: null },
  projectMembership: undefined,
  organizationMembership: undefined,
  isMember: false,
  isAcceptedMember: false,
  visible: true,
  permissions: 0,
  ...fields,
});

describe('user policy', () => {
  it('shows the full user to themselves and admins, the email only with its scope', () => {
    expect(userVisibility(null, { id: 1 })).toEqual({ full: false, email: false });
    expect(userVisibility(actor(2), { id: 1 })).toEqual({ full: false, email: false });
    expect(userVisibility(actor(1), { id: 1 })).toEqual({ full: true, email: false });
    expect(userVisibility(actor(1, 'developer', Number.MAX_SAFE_INTEGER), { id: 1 }).email).toBe(true);
    expect(userVisibility(actor(9, 'admin'), { id: 1 }).full).toBe(true);
  });

  it('lets moderators edit anyone but admins, and only admins give roles', () => {
    expect(canEditUser(actor(1), { id: 1, role: 'developer' })).toBe(true);
    expect(canEditUser(actor(2), { id: 1, role: 'developer' })).toBe(false);
    expect(canEditUser(actor(2, 'moderator'), { id: 1, role: 'developer' })).toBe(true);
    expect(canEditUser(actor(2, 'moderator'), { id: 1, role: 'admin' })).toBe(false);
    expect(canChangeRolesAndBadges(actor(2, 'moderator'))).toBe(false);
    expect(canDeleteUser(actor(2, 'moderator'), { id: 1 })).toBe(false);
    expect(canDeleteUser(actor(2, 'admin'), { id: 1 })).toBe(true);
  });
});

describe('OAuth app policy', () => {
  it('leaves an app to its creator and moderators', () => {
    expect(canManageOAuthApp(actor(1), { createdBy: 1 })).toBe(true);
    expect(canManageOAuthApp(actor(2), { createdBy: 1 })).toBe(false);
    expect(canManageOAuthApp(actor(2, 'moderator'), { createdBy: 1 })).toBe(true);
    expect(canListUserOAuthApps(actor(2), 1)).toBe(false);
  });
});

describe('version policy', () => {
  it('hides draft versions from outsiders, in code and in SQL alike', () => {
    expect(canSeeVersion(actor(2), 'draft', access({}))).toBe(false);
    expect(canSeeVersion(actor(2), 'listed', access({}))).toBe(true);
    expect(canSeeVersion(actor(2), 'draft', access({ isMember: true }))).toBe(true);
    expect(canSeeVersion(actor(2, 'moderator'), 'draft', access({}))).toBe(true);
    expect(canSeeVersion(null, 'listed', access({ visible: false }))).toBe(false);
    const status = { name: 'status' } as never;
    expect(visibleVersionsCondition(actor(2), access({ isMember: true }), status)).toBeUndefined();
    expect(visibleVersionsCondition(actor(2), access({}), status)).toBeDefined();
  });
});

describe('team policy', () => {
  const team = (fields: Partial<ProjectAccess>): TeamAccess => ({ kind: 'project', teamId: 10, access: access(fields) });

  it('shows pending members only to insiders and themselves', () => {
    expect(memberVisibility(team({}), actor(2), { userId: 3, accepted: false })).toBe('hidden');
    expect(memberVisibility(team({}), actor(2), { userId: 3, accepted: true })).toBe('public');
    expect(memberVisibility(team({}), actor(3), { userId: 3, accepted: false })).toBe('full');
    expect(memberVisibility(team({ isAcceptedMember: true }), actor(2), { userId: 3, accepted: false })).toBe('full');
  });

  it('checks the bit matching the team kind, and ownership transfers by the owner or an admin', () => {
    expect(hasTeamPermission(team({ permissions: 0b100 }), 0b100, 0b1)).toBe(true);
    expect(hasTeamPermission(team({ permissions: 0b1 }), 0b100, 0b1)).toBe(false);
    expect(canTransferTeamOwnership(actor(1), 1)).toBe(true);
    expect(canTransferTeamOwnership(actor(2), 1)).toBe(false);
    expect(canTransferTeamOwnership(actor(2, 'admin'), 1)).toBe(true);
  });
});

describe('staff rights on the catalogue', () => {
  const owner: MembershipRow = { teamId: 10, accepted: true, isOwner: true, permissions: 0, organizationPermissions: null };

  it('lets members grant only bits they hold, admins any', () => {
    expect(canGrantPermissions(actor(1), 0b011, 0b111)).toBe(true);
    expect(canGrantPermissions(actor(1), 0b1000, 0b111)).toBe(false);
    expect(canGrantPermissions(actor(1, 'moderator'), 0b1000, 0b111)).toBe(false);
    expect(canGrantPermissions(actor(1, 'admin'), 0b1000, 0)).toBe(true);
  });

  it('leaves hand-overs to the owner, gallery additions to the team, forced monetization and download counts to staff', () => {
    expect(canHandOverProject(actor(1), access({ projectMembership: owner }))).toBe(true);
    expect(canHandOverProject(actor(2), access({ isAcceptedMember: true }))).toBe(false);
    expect(canHandOverProject(actor(2, 'admin'), access({}))).toBe(true);
    expect(canAddGalleryImages(actor(2), access({ isAcceptedMember: true }))).toBe(true);
    expect(canAddGalleryImages(actor(2, 'moderator'), access({}))).toBe(false);
    expect(canAddGalleryImages(actor(2, 'admin'), access({}))).toBe(true);
    expect([canForceMonetization(actor(2)), canForceMonetization(actor(2, 'moderator'))]).toEqual([false, true]);
    expect([canChangeDownloadCounts(actor(2)), canChangeDownloadCounts(actor(2, 'moderator'))]).toEqual([false, true]);
  });
});
