import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { describe, expect, it } from 'vitest';
import { buildTeamMember, buildUser } from '../testing/mocks/catalogue';
import { canOnProject, isTeamOrStaff, projectPermissionsOf, teamRowOf } from './project-permissions';

const P = PROJECT_PERMISSIONS;
const noOrganization = { organizationMembers: [] };

describe('project permissions of the signed-in user', () => {
  const members = [buildTeamMember({ role: 'Member', permissions: P.UPLOAD_VERSION })];

  it('gives a member their own permissions, the owner all, and nothing to visitors and outsiders', () => {
    const member = projectPermissionsOf(buildUser(), { members, ...noOrganization });
    expect(canOnProject(member, 'UPLOAD_VERSION')).toBe(true);
    expect(canOnProject(member, 'DELETE_VERSION')).toBe(false);
    expect(projectPermissionsOf(buildUser(), { members: [buildTeamMember({ permissions: 0 })], ...noOrganization })).toBe(ALL_PROJECT_PERMISSIONS);
    expect(projectPermissionsOf(null, { members, ...noOrganization })).toBe(0);
    expect(projectPermissionsOf(buildUser({ id: 'OtHeR001' }), { members, ...noOrganization })).toBe(0);
  });

  it('ignores a pending invitation', () => {
    expect(projectPermissionsOf(buildUser(), { members: [buildTeamMember({ role: 'Member', accepted: false, permissions: 1023 })], ...noOrganization })).toBe(0);
  });

  it('lets admins do everything and moderators upload but not delete', () => {
    expect(projectPermissionsOf(buildUser({ id: 'AdMiN001', role: 'admin' }), { members, ...noOrganization })).toBe(1023);
    const moderator = projectPermissionsOf(buildUser({ id: 'MoD00001', role: 'moderator' }), { members, ...noOrganization });
    expect(canOnProject(moderator, 'UPLOAD_VERSION')).toBe(true);
    expect(canOnProject(moderator, 'DELETE_VERSION')).toBe(false);
  });

  describe('a project an organization owns', () => {
    const organizationMembers = [
      buildTeamMember({ team_id: 'OrGtEaM1', user: { id: 'OrgOwner' } }),
      buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: P.EDIT_BODY | P.VIEW_ANALYTICS, user: { id: 'OrgMembr' } }),
      buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', accepted: false, permissions: 1023, user: { id: 'OrgInvit' } }),
      buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: ALL_PROJECT_PERMISSIONS, user: { id: 'UsEr0001' } }),
    ];
    const teams = { members, organizationMembers };

    it("gives the organization's members their default project permissions and its owner all", () => {
      expect(projectPermissionsOf(buildUser({ id: 'OrgMembr' }), teams)).toBe(P.EDIT_BODY | P.VIEW_ANALYTICS);
      expect(projectPermissionsOf(buildUser({ id: 'OrgOwner' }), teams)).toBe(ALL_PROJECT_PERMISSIONS);
      expect(projectPermissionsOf(buildUser({ id: 'OrgInvit' }), teams)).toBe(0);
      expect(teamRowOf(buildUser({ id: 'OrgMembr' }), teams)?.viaOrganization).toBe(true);
    });

    it("lets a project-team row override the organization's defaults, even downwards", () => {
      expect(projectPermissionsOf(buildUser(), teams)).toBe(P.UPLOAD_VERSION);
      expect(teamRowOf(buildUser(), teams)?.viaOrganization).toBe(false);
    });

    it('shows member-only tabs to accepted organization members but not to its pending invitees', () => {
      expect(isTeamOrStaff(buildUser({ id: 'OrgMembr' }), teams)).toBe(true);
      expect(isTeamOrStaff(buildUser({ id: 'OrgInvit' }), teams)).toBe(false);
      expect(isTeamOrStaff(buildUser({ id: 'Stranger' }), teams)).toBe(false);
    });
  });
});
