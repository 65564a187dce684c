import { RESTRICTED_SCOPES, scopeBits } from '@cairn/shared/constants/scopes';
import { describe, expect, it } from 'vitest';
import { GRANTABLE_SCOPE_GROUPS, groupScopes, withScope } from './scopes';

describe('scope groups', () => {
  it('groups scopes by area in plain words, leaving out empty areas', () => {
    expect(groupScopes(scopeBits('PROJECT_READ', 'USER_READ', 'PROJECT_WRITE'))).toEqual([
      { label: 'Your account', scopes: [{ name: 'USER_READ', label: 'Read your profile' }] },
      {
        label: 'Projects',
        scopes: [
          { name: 'PROJECT_READ', label: 'Read your projects, including private ones' },
          { name: 'PROJECT_WRITE', label: 'Edit your projects' },
        ],
      },
    ]);
    expect(groupScopes(0)).toEqual([]);
  });

  it('never offers session-only scopes for tokens and apps', () => {
    const offered = GRANTABLE_SCOPE_GROUPS.flatMap((group) => group.scopes.map((scope) => scope.name));
    expect(offered.some((name) => RESTRICTED_SCOPES.includes(name))).toBe(false);
    expect(GRANTABLE_SCOPE_GROUPS.map((group) => group.label)).not.toContain('Personal access tokens');
    expect(offered).toContain('SHARED_INSTANCE_VERSION_DELETE');
  });

  it('sets and clears one scope without touching bits above 2^31', () => {
    const bits = withScope(scopeBits('SHARED_INSTANCE_READ'), 'COLLECTION_DELETE', true);
    expect(bits).toBe(scopeBits('SHARED_INSTANCE_READ', 'COLLECTION_DELETE'));
    expect(withScope(bits, 'SHARED_INSTANCE_READ', false)).toBe(scopeBits('COLLECTION_DELETE'));
  });
});
