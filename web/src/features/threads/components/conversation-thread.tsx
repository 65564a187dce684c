import { isReopenedMessage, type Thread, type ThreadMessage } from '@cairn/shared/schemas/threads';
import type { User } from '@cairn/shared/schemas/users';
import { Suspense, useState, type ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { RelativeTime } from '../../../components/ui/format';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useDeleteMessage } from '../api/use-thread-mutations';
import { canDeleteMessage, messageAuthor } from '../utils/message-author';
import { ReplyBox, type ReplyActions } from './reply-box';
import styles from './conversation-thread.module.css';

interface ConversationThreadProps {
  thread: Thread;
  viewer: User;
  /** Moderators and admins: private notes, deleting anyone's message. */
  staff: boolean;
  /** Shown instead of the reply box when the thread accepts no messages from the viewer. */
  closedNotice?: ReactNode;
  /** Buttons next to Send that use the draft (close with reply, resubmit with reply…). */
  replyActions?: ReplyActions;
}

/** A conversation: its messages oldest first, status and closure lines, and the reply box. */
export function ConversationThread({ thread, viewer, staff, closedNotice, replyActions }: ConversationThreadProps) {
  const t = useT();
  const notifications = useNotifications();
  const [deleting, setDeleting] = useState<ThreadMessage | null>(null);
  const remove = useDeleteMessage(thread.id, {
    onSuccess: () => {
      setDeleting(null);
      notifications.add({ type: 'success', title: t('thread.deleted') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <div className={styles.thread}>
      {thread.messages.length === 0 ? (
        <p className={styles.empty}>{t('thread.empty')}</p>
      ) : (
        <ol className={styles.messages} aria-label={t('thread.messages')}>
          {thread.messages.map((message) => (
            <MessageItem key={message.id} thread={thread} message={message} onDelete={canDeleteMessage(message, viewer, staff) ? () => setDeleting(message) : undefined} />
          ))}
        </ol>
      )}
      {closedNotice ?? <ReplyBox threadId={thread.id} staff={staff} actions={replyActions} />}
      <ConfirmModal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('thread.deleteTitle')}
        confirmLabel={t('thread.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p>{t('thread.deleteText')}</p>
      </ConfirmModal>
    </div>
  );
}

function MessageItem({ thread, message, onDelete }: { thread: Thread; message: ThreadMessage; onDelete?: () => void }) {
  const t = useT();
  const { body } = message;
  // A reopening reaches v2 clients as a text by nobody; here it reads as the event it is.
  const reopened = isReopenedMessage(message);
  if (body.type === 'status_change' || body.type === 'thread_closure' || reopened) {
    const text =
      body.type === 'status_change'
        ? t('thread.statusChange', { from: t(`thread.status.${body.old_status}`), to: t(`thread.status.${body.new_status}`) })
        : t(reopened ? 'thread.reopened' : 'thread.closed');
    return (
      <li className={styles.event}>
        {text} · <RelativeTime date={message.created} />
      </li>
    );
  }
  const author = messageAuthor(thread, message);
  const name = author.kind === 'user' ? author.user.username : author.kind === 'moderator' ? t('thread.moderator') : t('thread.unknownAuthor');
  const isPrivate = body.private;
  return (
    <li className={cx(styles.message, isPrivate && styles.private)}>
      <Avatar src={author.kind === 'user' ? author.user.avatar_url : null} name={name} size="small" />
      <div className={styles.messageMain}>
        <div className={styles.messageHead}>
          <span className={styles.author}>{name}</span>
          {author.kind === 'user' && author.user.role !== 'developer' && <span className={styles.meta}>{t(`thread.role.${author.user.role}`)}</span>}
          <RelativeTime date={message.created} className={styles.meta} />
          {isPrivate && <span className={styles.privateLabel}>{t('thread.privateNote')}</span>}
          {onDelete && (
            <Button size="small" variant="transparent" color="red" onClick={onDelete}>
              {t('thread.delete')}
            </Button>
          )}
        </div>
        {body.type === 'text' ? (
          <Suspense fallback={<p>{body.body}</p>}>
            <Markdown source={body.body} />
          </Suspense>
        ) : (
          <p className={styles.deleted}>{t('thread.messageDeleted')}</p>
        )}
      </div>
    </li>
  );
}
