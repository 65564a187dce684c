import { newMessageOf, type SendThreadMessageBody } from '@cairn/shared/schemas/thread-requests';
import { isPrivateMessage, type Thread, type ThreadMessageBody } from '@cairn/shared/schemas/threads';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { moderatesThreads } from '../access/thread.policy.js';
import { listAcceptedProjectMembers, notifyUsers } from '../notifications/notifications.port.js';
import { filterReadableThreads, type ReadableThread } from './thread-access.js';
import { toThread, visibleAuthorIds, visibleMessages } from './threads.mapper.js';
import * as repo from './threads.repository.js';

export function createThreadsService(deps: { db: Database }) {
  const { db } = deps;

  async function readable(executor: Executor, actor: Actor, ids: readonly number[]): Promise<ReadableThread[]> {
    return filterReadableThreads(executor, actor, await repo.listThreads(executor, ids));
  }

  async function requireReadable(executor: Executor, actor: Actor, idText: string): Promise<ReadableThread> {
    const id = parseId(idText);
    const [found] = id === undefined ? [] : await readable(executor, actor, [id]);
    if (!found) throw notFound('The thread does not exist or you may not read it');
    return found;
  }

  /** The threads as the caller sees them, in the order given. */
  async function present(executor: Executor, actor: Actor, threads: readonly ReadableThread[]): Promise<Thread[]> {
    const moderator = moderatesThreads(actor);
    const messages = await repo.listMessages(executor, threads.map((t) => t.thread.id));
    const byThread = new Map<number, repo.MessageRow[]>();
    for (const m of messages) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m]);
    const shown = new Map(threads.map((t) => [t.thread.id, visibleMessages(byThread.get(t.thread.id) ?? [], moderator)]));
    const authorIds = [...new Set([...shown.values()].flatMap((list) => visibleAuthorIds(list, moderator)))];
    const authors = new Map((await repo.listAuthors(executor, authorIds)).map((a) => [a.id, a]));
    return threads.map((t) => toThread(t.thread, shown.get(t.thread.id) ?? [], authors, moderator));
  }

  /** Who hears of a moderator's public message: a project's team unless it awaits review, a report's reporter. */
  async function recipientsOfModeratorMessage(tx: Executor, actor: Actor, target: ReadableThread): Promise<number[]> {
    const { thread, projectStatus } = target;
    if (thread.type === 'project' && thread.projectId !== null && projectStatus !== 'processing') {
      return (await listAcceptedProjectMembers(tx, thread.projectId)).filter((id) => id !== actor.userId);
    }
    if (thread.type === 'report' && thread.reporterId !== null && thread.reporterId !== actor.userId) return [thread.reporterId];
    return [];
  }

  return {
    async getThread(actor: Actor, id: string): Promise<Thread> {
      return (await present(db, actor, [await requireReadable(db, actor, id)]))[0]!;
    },

    /** Unknown threads and those the caller may not read are left out. */
    async getThreads(actor: Actor, ids: readonly string[]): Promise<Thread[]> {
      const numeric = [...new Set(ids.map(parseId).filter((id): id is number => id !== undefined))];
      const found = await readable(db, actor, numeric);
      const order = new Map(numeric.map((id, i) => [id, i]));
      found.sort((a, b) => order.get(a.thread.id)! - order.get(b.thread.id)!);
      return present(db, actor, found);
    },

    async sendMessage(actor: Actor, threadId: string, input: SendThreadMessageBody): Promise<Thread> {
      const target = await requireReadable(db, actor, threadId);
      const message = newMessageOf(input);
      const moderator = moderatesThreads(actor);
      if (message.type !== 'text') throw badRequest(`Invalid body 'body.type': only text messages can be sent, not '${message.type}'`);
      if (message.body === undefined || message.body.trim() === '') throw badRequest("Invalid body 'body.body': the message is empty");
      if (message.private && !moderator) throw badRequest("Invalid body 'body.private': only moderators can send private messages");
      if (target.thread.type === 'report' && target.thread.reportClosed && !moderator) {
        throw badRequest('This report is closed: its thread accepts no more messages');
      }
      const replyingTo = message.replying_to == null ? null : parseId(message.replying_to);
      if (message.replying_to != null) {
        const parent = replyingTo === undefined || replyingTo === null ? undefined : await repo.findMessage(db, replyingTo);
        const seen = parent && (moderator || !isPrivateMessage(parent.body));
        if (!parent || parent.threadId !== target.thread.id || !seen) {
          throw badRequest("Invalid body 'body.replying_to': the message replied to is not in this thread");
        }
      }
      const isPrivate = message.private ?? false;
      const body: ThreadMessageBody = { type: 'text', body: message.body, private: isPrivate, replying_to: message.replying_to ?? null, associated_images: [] };
      await db.transaction(async (tx) => {
        const messageId = await repo.insertMessage(tx, { threadId: target.thread.id, authorId: actor.userId, body, hideIdentity: moderator });
        if (!moderator || isPrivate) return;
        const { thread } = target;
        await notifyUsers(tx, await recipientsOfModeratorMessage(tx, actor, target), {
          type: 'moderator_message',
          thread_id: encodeBase62(thread.id),
          message_id: encodeBase62(messageId),
          project_id: thread.projectId === null ? null : encodeBase62(thread.projectId),
          report_id: thread.reportId === null ? null : encodeBase62(thread.reportId),
        });
      });
      return (await present(db, actor, [target]))[0]!;
    },

    /** The author or a moderator blanks a text message; the message stays as a "deleted" marker. */
    async deleteMessage(actor: Actor, id: string): Promise<void> {
      const messageId = parseId(id);
      const message = messageId === undefined ? undefined : await repo.findMessage(db, messageId);
      const moderator = moderatesThreads(actor);
      const [thread] = message ? await readable(db, actor, [message.threadId]) : [];
      if (!message || !thread || (!moderator && isPrivateMessage(message.body))) throw notFound('The message does not exist or you may not see it');
      if (message.authorId !== actor.userId && !moderator) throw unauthorized('You can only delete your own messages');
      if (message.body.type !== 'text') throw badRequest('Only text messages can be deleted');
      await repo.updateMessageBody(db, message.id, { type: 'deleted', private: message.body.private });
    },
  };
}

export type ThreadsService = ReturnType<typeof createThreadsService>;
