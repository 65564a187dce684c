import { describe, expect, it } from 'vitest';
import {
  effectiveProjectPermissions,
  MODERATOR_PROJECT_PERMISSIONS,
  ownerRowAfterHandOver,
  permissionsAfterHandOver,
  projectPermissionNames,
} from './effective-permissions.js';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS as P } from './permissions.js';

const row = (permissions: number, fields: { accepted?: boolean; isOwner?: boolean } = {}) => ({ accepted: true, isOwner: false, permissions, ...fields });

describe('effective project permissions', () => {
  it('takes the project row first (even downwards), then the organization defaults, then staff bits', () => {
    expect(effectiveProjectPermissions('developer', row(P.UPLOAD_VERSION), row(P.EDIT_DETAILS))).toBe(P.UPLOAD_VERSION);
    expect(effectiveProjectPermissions('developer', row(0), row(ALL_PROJECT_PERMISSIONS))).toBe(0);
    expect(effectiveProjectPermissions('developer', undefined, row(P.EDIT_DETAILS))).toBe(P.EDIT_DETAILS);
    expect(effectiveProjectPermissions('developer', row(0, { isOwner: true }), undefined)).toBe(ALL_PROJECT_PERMISSIONS);
    expect(effectiveProjectPermissions('developer', undefined, row(0, { isOwner: true }))).toBe(ALL_PROJECT_PERMISSIONS);
    // Pending rows grant nothing.
    expect(effectiveProjectPermissions('developer', row(P.EDIT_BODY, { accepted: false }), row(P.EDIT_DETAILS))).toBe(P.EDIT_DETAILS);
    expect(effectiveProjectPermissions('developer', undefined, row(P.EDIT_DETAILS, { accepted: false }))).toBe(0);
    expect(effectiveProjectPermissions('moderator', undefined, undefined)).toBe(MODERATOR_PROJECT_PERMISSIONS);
    expect(effectiveProjectPermissions('moderator', row(P.VIEW_ANALYTICS), undefined)).toBe(P.VIEW_ANALYTICS);
    expect(effectiveProjectPermissions('admin', row(0), undefined)).toBe(ALL_PROJECT_PERMISSIONS);
    expect(effectiveProjectPermissions(null, undefined, undefined)).toBe(0);
  });

  it('names the bits in order', () => {
    expect(projectPermissionNames(P.VIEW_ANALYTICS | P.UPLOAD_VERSION)).toEqual(['UPLOAD_VERSION', 'VIEW_ANALYTICS']);
    expect(projectPermissionNames(0)).toEqual([]);
  });
});

describe('handing a project to an organization', () => {
  const owner = row(ALL_PROJECT_PERMISSIONS, { isOwner: true });

  it('keeps the owner on the team with what he holds now, or leaves him the organization defaults', () => {
    expect(ownerRowAfterHandOver('keep', owner)).toEqual({ accepted: true, isOwner: false, permissions: ALL_PROJECT_PERMISSIONS });
    expect(ownerRowAfterHandOver('keep', row(0, { isOwner: true }))?.permissions).toBe(ALL_PROJECT_PERMISSIONS);
    expect(ownerRowAfterHandOver('organization_defaults', owner)).toBeUndefined();
  });

  it('computes what he may do afterwards', () => {
    expect(permissionsAfterHandOver('developer', 'keep', owner, row(0))).toBe(ALL_PROJECT_PERMISSIONS);
    expect(permissionsAfterHandOver('developer', 'organization_defaults', owner, row(0))).toBe(0);
    expect(permissionsAfterHandOver('developer', 'organization_defaults', owner, row(P.EDIT_BODY))).toBe(P.EDIT_BODY);
    // The organization's owner holds everything either way.
    expect(permissionsAfterHandOver('developer', 'organization_defaults', owner, row(0, { isOwner: true }))).toBe(ALL_PROJECT_PERMISSIONS);
  });
});
