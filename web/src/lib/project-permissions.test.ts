import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { describe, expect, it } from 'vitest';
import { buildTeamMember, buildUser } from '../testing/mocks/catalogue';
import { canOnProject, projectPermissionsOf } from './project-permissions';

describe('project permissions of the signed-in user', () => {
  const members = [buildTeamMember({ permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION })];

  it('gives a member their own permissions, and nothing to visitors and outsiders', () => {
    const member = projectPermissionsOf(buildUser(), members);
    expect(canOnProject(member, 'UPLOAD_VERSION')).toBe(true);
    expect(canOnProject(member, 'DELETE_VERSION')).toBe(false);
    expect(projectPermissionsOf(null, members)).toBe(0);
    expect(projectPermissionsOf(buildUser({ id: 'OtHeR001' }), members)).toBe(0);
  });

  it('ignores a pending invitation', () => {
    expect(projectPermissionsOf(buildUser(), [buildTeamMember({ accepted: false, permissions: 1023 })])).toBe(0);
  });

  it('lets admins do everything and moderators upload but not delete', () => {
    expect(projectPermissionsOf(buildUser({ id: 'AdMiN001', role: 'admin' }), members)).toBe(1023);
    const moderator = projectPermissionsOf(buildUser({ id: 'MoD00001', role: 'moderator' }), members);
    expect(canOnProject(moderator, 'UPLOAD_VERSION')).toBe(true);
    expect(canOnProject(moderator, 'DELETE_VERSION')).toBe(false);
  });
});
