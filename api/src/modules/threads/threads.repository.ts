import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { reports, threadMessages, threads, type StoredMessageBody } from '../../db/schema/trust.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

export type ThreadSubject = { type: 'project'; projectId: number } | { type: 'report'; reportId: number };

export async function insertThread(tx: Executor, subject: ThreadSubject): Promise<number> {
  const id = Number(randomId());
  await tx.insert(threads).values({
    id,
    type: subject.type,
    projectId: subject.type === 'project' ? subject.projectId : null,
    reportId: subject.type === 'report' ? subject.reportId : null,
  });
  return id;
}

export async function findProjectThreadId(tx: Executor, projectId: number): Promise<number | undefined> {
  const [row] = await tx.select({ id: threads.id }).from(threads).where(eq(threads.projectId, projectId));
  return row?.id;
}

export interface NewMessage {
  threadId: number;
  authorId: number | null;
  body: StoredMessageBody;
  hideIdentity: boolean;
}

export async function insertMessage(tx: Executor, message: NewMessage): Promise<number> {
  const id = Number(randomId());
  await tx.insert(threadMessages).values({ id, ...message });
  return id;
}

/** A thread with what deciding access needs: the report's reporter and whether it is closed. */
export interface ThreadRow {
  id: number;
  type: string;
  projectId: number | null;
  reportId: number | null;
  reporterId: number | null;
  reportClosed: boolean | null;
}

const threadColumns = {
  id: threads.id,
  type: threads.type,
  projectId: threads.projectId,
  reportId: threads.reportId,
  reporterId: reports.reporterId,
  reportClosed: reports.closed,
};

export function listThreads(db: Executor, ids: readonly number[]): Promise<ThreadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(threadColumns).from(threads).leftJoin(reports, eq(reports.id, threads.reportId)).where(anyBigint(threads.id, ids));
}

export interface MessageRow {
  id: number;
  threadId: number;
  authorId: number | null;
  body: StoredMessageBody;
  hideIdentity: boolean;
  created: Date;
}

const messageColumns = {
  id: threadMessages.id,
  threadId: threadMessages.threadId,
  authorId: threadMessages.authorId,
  body: threadMessages.body,
  hideIdentity: threadMessages.hideIdentity,
  created: threadMessages.created,
};

/** Messages of the threads, oldest first. */
export function listMessages(db: Executor, threadIds: readonly number[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return Promise.resolve([]);
  return db
    .select(messageColumns)
    .from(threadMessages)
    .where(anyBigint(threadMessages.threadId, threadIds))
    .orderBy(asc(threadMessages.created), asc(threadMessages.id));
}

export async function findMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(threadMessages).where(eq(threadMessages.id, id));
  return row;
}

export async function updateMessageBody(tx: Executor, id: number, body: StoredMessageBody): Promise<void> {
  await tx.update(threadMessages).set({ body }).where(eq(threadMessages.id, id));
}

/** The public fields of the users who wrote in threads. */
export interface AuthorRow {
  id: number;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  created: Date;
  role: string;
  badges: number;
}

export function listAuthors(db: Executor, ids: readonly number[]): Promise<AuthorRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl, bio: users.bio, created: users.created, role: users.role, badges: users.badges })
    .from(users)
    .where(anyBigint(users.id, ids));
}
