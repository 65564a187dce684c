import { useT } from '../../lib/i18n/i18n-provider';

const STATUS_MESSAGES = {
  approved: 'project.status.approved',
  archived: 'project.status.archived',
  unlisted: 'project.status.unlisted',
  withheld: 'project.status.withheld',
  private: 'project.status.private',
  scheduled: 'project.status.scheduled',
  draft: 'project.status.draft',
  rejected: 'project.status.rejected',
  processing: 'project.status.processing',
  unknown: 'project.status.unknown',
} as const;

/** A project's visibility (Public, Unlisted, Draft, Under review…) as a small badge. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const key = status in STATUS_MESSAGES ? (status as keyof typeof STATUS_MESSAGES) : 'unknown';
  return <span className={`status-badge status-badge--${key}`}>{t(STATUS_MESSAGES[key])}</span>;
}
