import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { seesChargeNet } from './billing.policy.js';
import { canSeeQueuePosition, decidesProjectStatus, overridesReviewLocks, requireModerationTools } from './moderation.policy.js';
import type { ProjectAccess } from './project.policy.js';
import { canSeeReport, moderatesReports } from './report.policy.js';
import { requireOwnServer } from './server.policy.js';
import { hasNoOwnershipLimits, requireAdmin, requireModerator } from './staff.policy.js';
import { canReadThread, moderatesThreads } from './thread.policy.js';
import { isAdminAccount, mayActForUser, ownScope, seesAllListingsOf } from './user.policy.js';

const actor = (userId: number, role: Actor['role'] = 'developer'): Actor => ({ userId, role, scopes: 0, kind: 'session', credentialId: 1 });
const developer = actor(1);
const moderator = actor(2, 'moderator');
const admin = actor(3, 'admin');
const access = (isMember: boolean) => ({ isMember }) as ProjectAccess;

describe('staff policy', () => {
  it('lets admins through requireAdmin and answers everyone else 401 with the same message', () => {
    expect(requireAdmin(admin)).toBe(admin);
    for (const other of [developer, moderator]) {
      expect(() => requireAdmin(other)).toThrow(expect.objectContaining({ statusCode: 401, code: 'unauthorized', description: 'Only administrators may do this' }));
    }
  });

  it('lets moderators and admins through requireModerator, with the caller-given message', () => {
    expect(requireModerator(moderator, 'no')).toBe(moderator);
    expect(requireModerator(admin, 'no')).toBe(admin);
    expect(() => requireModerator(developer, 'Only moderators may use the moderation tools')).toThrow(
      expect.objectContaining({ statusCode: 401, description: 'Only moderators may use the moderation tools' }),
    );
    expect(() => requireModerationTools(developer)).toThrow('Only moderators may use the moderation tools');
  });

  it('frees admins only from ownership limits', () => {
    expect([developer, moderator, admin].map(hasNoOwnershipLimits)).toEqual([false, false, true]);
  });
});

describe('server policy', () => {
  const server = { id: 's', ownerId: 1 };

  it("gives the server to its owner and admins and a 404 to everyone else, as for a missing one", () => {
    expect(requireOwnServer(developer, server)).toBe(server);
    expect(requireOwnServer(admin, server)).toBe(server);
    const missing = expect.objectContaining({ statusCode: 404, description: 'The server does not exist' });
    expect(() => requireOwnServer(moderator, server)).toThrow(missing);
    expect(() => requireOwnServer(admin, undefined)).toThrow(missing);
  });
});

describe('user policy (own business)', () => {
  it("leaves a user's own business to the user and admins", () => {
    expect(mayActForUser(developer, 1)).toBe(true);
    expect(mayActForUser(developer, 9)).toBe(false);
    expect(mayActForUser(moderator, 9)).toBe(false);
    expect(mayActForUser(admin, 9)).toBe(true);
    expect(ownScope(developer)).toBe(1);
    expect(ownScope(admin)).toBeNull();
  });

  it("shows all of a user's listings to the user and moderators, and knows admin accounts", () => {
    expect(seesAllListingsOf(null, 1)).toBe(false);
    expect(seesAllListingsOf(developer, 1)).toBe(true);
    expect(seesAllListingsOf(developer, 9)).toBe(false);
    expect(seesAllListingsOf(moderator, 9)).toBe(true);
    expect(isAdminAccount({ role: 'admin' })).toBe(true);
    expect(isAdminAccount({ role: 'moderator' })).toBe(false);
  });
});

describe('thread policy', () => {
  it('opens project threads to members and moderators, report threads to the reporter and moderators, others to moderators', () => {
    const projectThread = { type: 'project', reporterId: null };
    expect(canReadThread(developer, projectThread, access(true))).toBe(true);
    expect(canReadThread(developer, projectThread, access(false))).toBe(false);
    expect(canReadThread(moderator, projectThread, access(false))).toBe(true);
    expect(canReadThread(moderator, projectThread, undefined)).toBe(false);
    expect(canReadThread(developer, { type: 'report', reporterId: 1 }, undefined)).toBe(true);
    expect(canReadThread(developer, { type: 'report', reporterId: 9 }, undefined)).toBe(false);
    expect(canReadThread(moderator, { type: 'report', reporterId: 9 }, undefined)).toBe(true);
    expect(canReadThread(developer, { type: 'direct_message', reporterId: null }, undefined)).toBe(false);
    expect(canReadThread(moderator, { type: 'direct_message', reporterId: null }, undefined)).toBe(true);
    expect([developer, moderator, admin].map(moderatesThreads)).toEqual([false, true, true]);
  });
});

describe('report, moderation and billing policies', () => {
  it('shows a report to its reporter and moderators', () => {
    expect(canSeeReport(developer, { reporterId: 1 })).toBe(true);
    expect(canSeeReport(developer, { reporterId: 9 })).toBe(false);
    expect(canSeeReport(moderator, { reporterId: 9 })).toBe(true);
    expect([developer, moderator, admin].map(moderatesReports)).toEqual([false, true, true]);
  });

  it('gives status decisions to moderators, lock overrides and charge nets to admins', () => {
    expect([developer, moderator, admin].map(decidesProjectStatus)).toEqual([false, true, true]);
    expect([developer, moderator, admin].map(overridesReviewLocks)).toEqual([false, false, true]);
    expect([developer, moderator, admin].map(seesChargeNet)).toEqual([false, false, true]);
    expect(canSeeQueuePosition(developer, access(true))).toBe(true);
    expect(canSeeQueuePosition(developer, access(false))).toBe(false);
    expect(canSeeQueuePosition(moderator, access(false))).toBe(true);
  });
});
