import { isPrivateMessage, REOPENED_MESSAGE_TEXT, type Thread, type ThreadMessage, type ThreadMessageBody } from '@cairn/shared/schemas/threads';
import type { StoredMessageBody } from '../../db/schema/trust.js';
import type { User } from '@cairn/shared/schemas/users';
import { encodeBase62 } from '../../lib/ids.js';
import type { AuthorRow, MessageRow, ThreadRow } from './threads.repository.js';

/** A thread author as anyone may see them (no private account fields). */
export function toPublicUser(row: AuthorRow): User {
  return {
    id: encodeBase62(row.id),
    username: row.username,
    name: null,
    email: null,
    bio: row.bio ?? '',
    payout_data: null,
    avatar_url: row.avatarUrl ?? '',
    created: row.created.toISOString(),
    role: row.role as User['role'],
    badges: row.badges,
    auth_providers: null,
    email_verified: null,
    has_password: null,
    has_totp: null,
    github_id: null,
  };
}

/** Moderators see everything; others neither private messages nor who hidden moderators are. */
export function visibleMessages(messages: readonly MessageRow[], viewerIsModerator: boolean): MessageRow[] {
  return viewerIsModerator ? [...messages] : messages.filter((m) => !isPrivateMessage(m.body));
}

/** Authors the viewer may know of, in the order they first wrote. */
export function visibleAuthorIds(messages: readonly MessageRow[], viewerIsModerator: boolean): number[] {
  const ids = messages.flatMap((m) => (m.authorId !== null && (viewerIsModerator || !m.hideIdentity) ? [m.authorId] : []));
  return [...new Set(ids)];
}

/** The v2 body of a stored message: kinds the contract lacks become a public text by nobody. */
export function toMessageBody(body: StoredMessageBody): ThreadMessageBody {
  if (body.type !== 'thread_reopen') return body;
  return { type: 'text', body: REOPENED_MESSAGE_TEXT, private: false, replying_to: null, associated_images: [] };
}

export function toThreadMessage(row: MessageRow, viewerIsModerator: boolean): ThreadMessage {
  const converted = row.body.type === 'thread_reopen';
  return {
    id: encodeBase62(row.id),
    author_id: converted || row.authorId === null || (row.hideIdentity && !viewerIsModerator) ? null : encodeBase62(row.authorId),
    body: toMessageBody(row.body),
    created: row.created.toISOString(),
  };
}

/** `messages` must already be the viewer's visible ones (see `visibleMessages`). */
export function toThread(thread: ThreadRow, messages: readonly MessageRow[], authors: ReadonlyMap<number, AuthorRow>, viewerIsModerator: boolean): Thread {
  return {
    id: encodeBase62(thread.id),
    type: thread.type as Thread['type'],
    project_id: thread.projectId === null ? null : encodeBase62(thread.projectId),
    report_id: thread.reportId === null ? null : encodeBase62(thread.reportId),
    messages: messages.map((m) => toThreadMessage(m, viewerIsModerator)),
    members: visibleAuthorIds(messages, viewerIsModerator).flatMap((id) => {
      const author = authors.get(id);
      return author ? [toPublicUser(author)] : [];
    }),
  };
}
