import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { TakeLockResult } from '@cairn/shared/schemas/moderation';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useDecideProject, type ReviewDecision } from '../api/use-decide-project';
import { useReleaseReviewLock, useTakeReviewLock } from '../api/use-review-lock';
import {
  CHECKLIST_STAGES,
  EMPTY_PROGRESS,
  clearProgress,
  generateMessage,
  loadProgress,
  optionLabelId,
  saveProgress,
  stageQuestionId,
  stageTitleId,
  suggestedDecision,
  type ChecklistOption,
  type ChecklistProgress,
} from '../utils/checklist';
import { ReviewLockStatus } from './review-lock-status';
import styles from './review-panel.module.css';

interface ReviewPanelProps {
  project: { id: string; slug: string; title: string };
  /** Leaves the review (the page drops `?review`). */
  onExit: () => void;
  /** After a decision (e.g. back to the queue). */
  onDecided: () => void;
  /** The project's review pre-checks, shown above the checklist (the page composes them in). */
  preChecks?: ReactNode;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The moderation checklist beside a project under review: takes the review lock, walks the
 * stages, writes the reply from the marked issues and ends in Approve / Reject / Withhold.
 * Progress is kept per project in this browser.
 */
export function ReviewPanel({ project, onExit, onDecided, preChecks }: ReviewPanelProps) {
  const t = useT();
  const notifications = useNotifications();
  const { user } = useCurrentUser();
  const headingId = useId();
  const [progress, setProgressState] = useState<ChecklistProgress>(() => loadProgress(project.id));
  const [collapsed, setCollapsed] = useState(false);
  const [summary, setSummary] = useState(() => t('moderation.panel.defaultSummary'));
  const [lock, setLock] = useState<TakeLockResult | undefined>();
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const takeLock = useTakeReviewLock({ onSuccess: (result, { override }) => {
    setLock(result);
    if (override && result.success) notifications.add({ type: 'success', title: t('moderation.lock.taken') });
  }, onError: (error) => notifications.addError(error) });
  const releaseLock = useReleaseReviewLock();
  const decide = useDecideProject({
    onSuccess: () => {
      clearProgress(project.id);
      notifications.add({ type: 'success', title: t('moderation.panel.decided') });
      onDecided();
    },
    onError: (error) => notifications.addError(error),
  });

  const { mutate: lockProject } = takeLock;
  useEffect(() => lockProject({ project: project.id }), [lockProject, project.id]);

  const setProgress = useCallback(
    (update: (current: ChecklistProgress) => ChecklistProgress) =>
      setProgressState((current) => {
        const next = update(current);
        saveProgress(project.id, next);
        return next;
      }),
    [project.id],
  );

  const total = CHECKLIST_STAGES.length;
  const writing = progress.stage >= total;
  const stage = CHECKLIST_STAGES[Math.min(progress.stage, total - 1)]!;
  const go = useCallback((delta: number) => setProgress((p) => ({ ...p, stage: Math.min(Math.max(p.stage + delta, 0), total - 1) })), [setProgress, total]);
  const generate = useCallback(
    () => setProgress((p) => ({ ...p, stage: total, message: generateMessage(p.chosen, (id) => t(id)) })),
    [setProgress, t, total],
  );
  const back = useCallback(() => (writing ? setProgress((p) => ({ ...p, stage: total - 1 })) : go(-1)), [go, setProgress, total, writing]);
  const reset = useCallback(() => {
    clearProgress(project.id);
    setProgressState(EMPTY_PROGRESS);
  }, [project.id]);
  const toggle = (option: ChecklistOption) =>
    setProgress((p) => ({ ...p, chosen: p.chosen.includes(option) ? p.chosen.filter((o) => o !== option) : [...p.chosen, option] }));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrlShift = (event.ctrlKey || event.metaKey) && event.shiftKey;
      const key = event.key.toLowerCase();
      if (ctrlShift && key === 'e') generate();
      else if (ctrlShift && key === 'r') reset();
      else if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      else if (event.shiftKey && key === 'c') setCollapsed((c) => !c);
      else if (event.key === 'ArrowRight' && !writing) go(1);
      else if (event.key === 'ArrowLeft') back();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [back, generate, go, reset, writing]);

  useEffect(() => {
    if (writing) messageRef.current?.focus();
  }, [writing]);

  const exit = () => {
    releaseLock.mutate(project.id);
    onExit();
  };
  const submit = (status: ReviewDecision) =>
    decide.mutate({
      projectId: project.id,
      status,
      summary: progress.message?.trim() ? summary.trim() || null : null,
      message: progress.message?.trim() ? progress.message : null,
    });

  const left = writing ? 0 : total - progress.stage;
  const blocked = lock !== undefined && !lock.success;
  return (
    <aside className={styles.panel} aria-labelledby={headingId} data-collapsed={collapsed || undefined}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t('moderation.panel.title')}
        </h2>
        <span className={styles.left}>{t('moderation.panel.left', { count: left })}</span>
        <Button size="small" variant="transparent" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed}>
          {collapsed ? t('moderation.panel.expand') : t('moderation.panel.collapse')}
        </Button>
      </header>
      {!collapsed && (
        <div className={styles.body}>
          {preChecks}
          {lock && (
            <ReviewLockStatus
              lock={lock}
              isAdmin={user?.role === 'admin'}
              pending={takeLock.isPending}
              onOverride={() => takeLock.mutate({ project: project.id, override: true })}
            />
          )}
          {writing ? (
            <div className={styles.stage}>
              <TextField label={t('moderation.panel.summary')} value={summary} maxLength={2000} onChange={(e) => setSummary(e.target.value)} />
              <TextAreaField
                ref={messageRef}
                label={t('moderation.panel.message')}
                hint={t('moderation.panel.messageHint')}
                rows={10}
                value={progress.message ?? ''}
                onChange={(e) => {
                  const message = e.target.value;
                  setProgress((p) => ({ ...p, message }));
                }}
              />
              <p className={styles.suggestion}>
                {t('moderation.panel.suggested', { status: t(`moderation.status.${suggestedDecision(progress.chosen)}`) })}
              </p>
              <div className={styles.actions}>
                <Button color="green" disabled={blocked || decide.isPending} onClick={() => submit('approved')}>
                  {t('moderation.panel.approve')}
                </Button>
                <Button color="orange" disabled={blocked || decide.isPending} onClick={() => submit('withheld')}>
                  {t('moderation.panel.withhold')}
                </Button>
                <Button color="red" disabled={blocked || decide.isPending} onClick={() => submit('rejected')}>
                  {t('moderation.panel.reject')}
                </Button>
              </div>
            </div>
          ) : (
            <fieldset className={styles.stage}>
              <legend className={styles.stageTitle}>
                {t('moderation.panel.stage', { index: progress.stage + 1, total, title: t(stageTitleId(stage)) })}
              </legend>
              <p>{t(stageQuestionId(stage))}</p>
              <div className={styles.options}>
                {stage.options.map((option) => (
                  <Button
                    key={option}
                    size="small"
                    variant={progress.chosen.includes(option) ? 'highlight' : 'outlined'}
                    aria-pressed={progress.chosen.includes(option)}
                    onClick={() => toggle(option)}
                  >
                    {t(optionLabelId(option))}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          <nav className={styles.steps} aria-label={t('moderation.panel.stages')}>
            <Button size="small" variant="outlined" disabled={progress.stage === 0} onClick={back}>
              {t('moderation.panel.previous')}
            </Button>
            {!writing &&
              (progress.stage < total - 1 ? (
                <Button size="small" onClick={() => go(1)}>
                  {t('moderation.panel.next')}
                </Button>
              ) : (
                <Button size="small" color="brand" onClick={generate}>
                  {t('moderation.panel.generate')}
                </Button>
              ))}
          </nav>
          <details className={styles.shortcuts}>
            <summary>{t('moderation.panel.shortcuts')}</summary>
            <ul>
              <li>{t('moderation.panel.shortcutNext')}</li>
              <li>{t('moderation.panel.shortcutGenerate')}</li>
              <li>{t('moderation.panel.shortcutCollapse')}</li>
              <li>{t('moderation.panel.shortcutReset')}</li>
            </ul>
          </details>
          <div className={styles.footer}>
            <Button size="small" variant="transparent" onClick={reset}>
              {t('moderation.panel.reset')}
            </Button>
            <Button size="small" variant="transparent" onClick={exit}>
              {t('moderation.panel.exit')}
            </Button>
          </div>
        </div>
      )}
    </aside>
  );
}
