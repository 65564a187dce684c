import { eq } from 'drizzle-orm';
import type { ThreadMessageBody } from '@cairn/shared/schemas/threads';
import type { Executor } from '../../db/client.js';
import { threadMessages, threads } from '../../db/schema/trust.js';
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
  body: ThreadMessageBody;
  hideIdentity: boolean;
}

export async function insertMessage(tx: Executor, message: NewMessage): Promise<number> {
  const id = Number(randomId());
  await tx.insert(threadMessages).values({ id, ...message });
  return id;
}
