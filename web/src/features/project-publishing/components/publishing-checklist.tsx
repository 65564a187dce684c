import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import { useId, type ReactNode } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/page-icons';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useSubmitForReview } from '../api/use-publishing-mutations';
import { canSubmit, publishingChecklist, type ChecklistItem, type ChecklistTarget } from '../utils/checklist';
import styles from './publishing-checklist.module.css';

const ITEM_TEXT = {
  version: { title: 'creator.checklist.version', text: 'creator.checklist.versionText', action: 'creator.checklist.versionAction' },
  description: { title: 'creator.checklist.description', text: 'creator.checklist.descriptionText', action: 'creator.checklist.descriptionAction' },
  icon: { title: 'creator.checklist.icon', text: 'creator.checklist.iconText', action: 'creator.checklist.iconAction' },
  gallery: { title: 'creator.checklist.gallery', text: 'creator.checklist.galleryText', action: 'creator.checklist.galleryAction' },
  tags: { title: 'creator.checklist.tags', text: 'creator.checklist.tagsText', action: 'creator.checklist.tagsAction' },
  links: { title: 'creator.checklist.links', text: 'creator.checklist.linksText', action: 'creator.checklist.linksAction' },
  environments: { title: 'creator.checklist.environments', text: 'creator.checklist.environmentsText', action: 'creator.checklist.environmentsAction' },
  license: { title: 'creator.checklist.license', text: 'creator.checklist.licenseText', action: 'creator.checklist.licenseAction' },
  submit: { title: 'creator.checklist.submit', text: 'creator.checklist.submitText', action: 'creator.checklist.submitAction' },
} as const;

const STATUS_TEXT = {
  required: 'creator.checklist.required',
  suggestion: 'creator.checklist.suggestion',
  review: 'creator.checklist.review',
} as const;

function targetHref(target: Exclude<ChecklistTarget, { kind: 'submit' }>, type: ProjectType, slug: string): string {
  return target.kind === 'settings' ? paths.projectSettings.getHref(type, slug, target.section) : paths.project.getHref(type, slug, target.tab);
}

interface ChecklistProps {
  project: Project;
  type: ProjectType;
  versionCount: number;
  /**
   * The review pre-checks, shown before the submit step; while `blocking` (a check fails, or
   * they are still running) the project cannot be submitted. The page composes them in.
   */
  preChecks?: { blocking: boolean; content: ReactNode } | undefined;
}

/**
 * What a project needs before review (required), what would improve it (suggestions), and the
 * submission itself, enabled once every required item is done. Under review it says so instead.
 */
export function PublishingChecklist({ project, type, versionCount, preChecks }: ChecklistProps) {
  const t = useT();
  const headingId = useId();
  const notifications = useNotifications();
  const submit = useSubmitForReview(project.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('creator.checklist.submitted') }),
    onError: (error) => notifications.addError(error),
  });

  if (project.status === 'processing') {
    return (
      <section className={cx(styles.checklist, styles.inReview)} aria-labelledby={headingId} role="status">
        <h2 id={headingId} className={styles.heading}>
          {t('creator.checklist.inReview')}
        </h2>
        <p className={styles.lede}>{t('creator.checklist.inReviewText')}</p>
      </section>
    );
  }

  const items = publishingChecklist(project, versionCount);
  const ready = canSubmit(items) && !preChecks?.blocking;
  const done = items.filter((item) => item.done).length;
  const resubmit = project.status === 'rejected' || project.status === 'withheld';

  const action = (item: ChecklistItem) => {
    if (item.target.kind !== 'submit') {
      return (
        <AppLink to={targetHref(item.target, type, project.slug)} className={styles.action}>
          {t(ITEM_TEXT[item.id].action)}
        </AppLink>
      );
    }
    return (
      <Button color="orange" disabled={!ready || submit.isPending} onClick={() => submit.mutate()} aria-describedby={ready ? undefined : `${headingId}-blocked`}>
        {t(resubmit ? 'creator.checklist.resubmitAction' : 'creator.checklist.submitAction')}
      </Button>
    );
  };

  return (
    <section className={styles.checklist} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {t('creator.checklist.title')}
        </h2>
        <p className={styles.progress}>
          <span>{t('creator.checklist.progress', { done, total: items.length })}</span>
          <span className={styles.dots} aria-hidden="true">
            {items.map((item) => (
              <span key={item.id} className={cx(styles.dot, item.done && styles.dotDone, !item.done && item.status === 'required' && styles.dotRequired)} />
            ))}
          </span>
        </p>
      </div>
      <ul className={styles.items}>
        {items.map((item) => (
          <li key={item.id} className={cx(styles.item, item.done && styles.itemDone)}>
            <span className={cx(styles.mark, item.done && styles.markDone)} aria-hidden="true">
              {item.done && <CheckIcon />}
            </span>
            <div className={styles.body}>
              <p className={styles.itemTitle}>
                <span>{t(ITEM_TEXT[item.id].title)}</span>{' '}
                <span className={cx(styles.kind, styles[item.status])}>{t(STATUS_TEXT[item.status])}</span>
                <span className={styles.srOnly}>{item.done ? t('creator.checklist.done') : t('creator.checklist.open')}</span>
              </p>
              <p className={styles.itemText}>{t(resubmit && item.id === 'submit' ? 'creator.checklist.resubmitText' : ITEM_TEXT[item.id].text)}</p>
              {!item.done && <div className={styles.actions}>{action(item)}</div>}
            </div>
          </li>
        ))}
      </ul>
      {preChecks && <div className={styles.preChecks}>{preChecks.content}</div>}
      {!ready && (
        <p id={`${headingId}-blocked`} className={styles.blocked}>
          {t(canSubmit(items) ? 'creator.preChecks.blocked' : 'creator.checklist.blocked')}
        </p>
      )}
    </section>
  );
}
