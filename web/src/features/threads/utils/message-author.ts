import type { Thread, ThreadMessage } from '@cairn/shared/schemas/threads';
import type { User } from '@cairn/shared/schemas/users';

/**
 * Who wrote a message as the viewer may know it: a member of the thread, or nobody named (a
 * moderator whose identity is hidden, a deleted account, or the system).
 */
export type MessageAuthor = { kind: 'user'; user: User } | { kind: 'moderator' } | { kind: 'unknown' };

export function messageAuthor(thread: Thread, message: ThreadMessage): MessageAuthor {
  if (message.author_id === null) return message.body.type === 'text' || message.body.type === 'deleted' ? { kind: 'moderator' } : { kind: 'unknown' };
  const user = thread.members.find((member) => member.id === message.author_id);
  return user ? { kind: 'user', user } : { kind: 'unknown' };
}

/** Authors may delete their text messages; moderators any text message. */
export function canDeleteMessage(message: ThreadMessage, viewer: { id: string }, staff: boolean): boolean {
  return message.body.type === 'text' && (staff || message.author_id === viewer.id);
}
