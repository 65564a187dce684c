import { Suspense, useId, useState, type ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldHint, TextAreaField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { THREAD_MESSAGE_MAX } from '@cairn/shared/schemas/threads';
import { useSendMessage } from '../api/use-thread-mutations';
import styles from './conversation-thread.module.css';

/** Extra buttons beside Send; `draft` is the text typed so far, `clear` empties the box. */
export type ReplyActions = (reply: { draft: string; clear: () => void }) => ReactNode;

/** Writing to a thread: markdown text with a preview; moderators may keep a note private. */
export function ReplyBox({ threadId, staff, actions }: { threadId: string; staff: boolean; actions?: ReplyActions }) {
  const t = useT();
  const notifications = useNotifications();
  const previewId = useId();
  const [draft, setDraft] = useState('');
  const [preview, setPreview] = useState(false);
  const [isPrivate, setPrivate] = useState(false);
  const clear = () => {
    setDraft('');
    setPreview(false);
  };
  const send = useSendMessage(threadId, {
    onSuccess: (_thread, message) => {
      clear();
      notifications.add({ type: 'success', title: t(message.private ? 'thread.noteAdded' : 'thread.sent') });
    },
    onError: (error) => notifications.addError(error),
  });
  const empty = draft.trim() === '';

  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) send.mutate({ body: draft, private: staff && isPrivate });
      }}
    >
      {preview ? (
        <div id={previewId} className={styles.preview} aria-label={t('thread.previewLabel')} role="region">
          <Suspense fallback={null}>
            <Markdown source={draft || t('thread.previewEmpty')} />
          </Suspense>
        </div>
      ) : (
        <TextAreaField
          label={t('thread.replyLabel')}
          placeholder={t('thread.replyPlaceholder')}
          value={draft}
          maxLength={THREAD_MESSAGE_MAX}
          rows={5}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      <FieldHint>{t('thread.markdownHint')}</FieldHint>
      {staff && <CheckboxField label={t('thread.privateToggle')} hint={t('thread.privateHint')} checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />}
      <div className={styles.replyActions}>
        <Button type="submit" color="brand" disabled={empty || send.isPending}>
          {staff && isPrivate ? t('thread.addNote') : t('thread.send')}
        </Button>
        <Button variant="outlined" aria-pressed={preview} onClick={() => setPreview((open) => !open)}>
          {t('thread.preview')}
        </Button>
        {actions?.({ draft, clear })}
      </div>
    </form>
  );
}
