import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { decideStatusChange } from './status-decisions.js';

const actor = (role: Actor['role']): Actor => ({ userId: 1, role, scopes: 0, kind: 'session', credentialId: 1 });
const creator = actor('developer');
const moderator = actor('moderator');
const versions = (count: number) => async () => count;

describe('decideStatusChange', () => {
  it('lets a team submit a draft with a version for review, clearing the old message', async () => {
    const changes = await decideStatusChange(creator, { status: 'draft', approved: null }, { status: 'processing' }, versions(1));
    expect(changes).toMatchObject({ status: 'processing', moderationMessage: null, moderationMessageBody: null });
    expect(changes.queued).toBeInstanceOf(Date);
  });

  it('refuses a submission without versions', async () => {
    await expect(decideStatusChange(creator, { status: 'draft', approved: null }, { status: 'processing' }, versions(0))).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('keeps approval for moderators and dates the first one', async () => {
    await expect(decideStatusChange(creator, { status: 'processing', approved: null }, { status: 'approved' }, versions(1))).rejects.toMatchObject({
      statusCode: 401,
    });
    const changes = await decideStatusChange(moderator, { status: 'processing', approved: null }, { status: 'approved' }, versions(1));
    expect(changes.approved).toBeInstanceOf(Date);
    const again = await decideStatusChange(moderator, { status: 'unlisted', approved: new Date(0) }, { status: 'approved' }, versions(1));
    expect(again.approved).toBeUndefined();
  });

  it('lets a team switch an approved project to another requestable status', async () => {
    expect(await decideStatusChange(creator, { status: 'approved', approved: new Date(0) }, { status: 'archived' }, versions(1))).toEqual({
      status: 'archived',
    });
  });

  it('leaves the moderation message to moderators, except clearing it once approved', async () => {
    await expect(
      decideStatusChange(creator, { status: 'rejected', approved: null }, { moderation_message: 'fixed' }, versions(1)),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(await decideStatusChange(creator, { status: 'approved', approved: new Date(0) }, { moderation_message: null }, versions(1))).toEqual({
      moderationMessage: null,
    });
    expect(await decideStatusChange(moderator, { status: 'rejected', approved: null }, { moderation_message: 'Add a description' }, versions(1))).toEqual({
      moderationMessage: 'Add a description',
    });
  });

  it('lets a team release or hold back a scheduled project only once it was approved', async () => {
    const approvedAt = new Date('2026-01-01T00:00:00Z');
    expect(await decideStatusChange(creator, { status: 'scheduled', approved: approvedAt }, { status: 'approved' }, versions(1))).toMatchObject({ status: 'approved' });
    expect(await decideStatusChange(creator, { status: 'scheduled', approved: approvedAt }, { status: 'draft' }, versions(1))).toMatchObject({ status: 'draft' });
    await expect(decideStatusChange(creator, { status: 'scheduled', approved: null }, { status: 'approved' }, versions(1))).rejects.toMatchObject({ statusCode: 401 });
  });
});
