import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { ReviewCheck, ReviewCheckFix, ReviewCheckItem, ReviewChecks } from '@cairn/shared/schemas/review-checks';
import { useId } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorIcon, SuccessIcon, WarningIcon } from '../../../components/ui/page-icons';
import { cx } from '../../../lib/class-names';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { fixHref } from '../utils/fix-href';
import styles from './review-checks.module.css';

const STATUS = {
  pass: { label: 'creator.preChecks.status.pass', Icon: SuccessIcon },
  warn: { label: 'creator.preChecks.status.warn', Icon: WarningIcon },
  fail: { label: 'creator.preChecks.status.fail', Icon: ErrorIcon },
} as const;

const TITLE: Record<ReviewCheck['id'], MessageId> = {
  license: 'creator.preChecks.check.license',
  description: 'creator.preChecks.check.description',
  links: 'creator.preChecks.check.links',
  gallery_alt_text: 'creator.preChecks.check.gallery_alt_text',
  modpack_attribution: 'creator.preChecks.check.modpack_attribution',
  version_metadata: 'creator.preChecks.check.version_metadata',
  files_scanned: 'creator.preChecks.check.files_scanned',
};

const REASON: Record<string, MessageId> = {
  'license.ok': 'creator.preChecks.reason.license.ok',
  'license.missing': 'creator.preChecks.reason.license.missing',
  'license.unknown_id': 'creator.preChecks.reason.license.unknown_id',
  'license.custom_without_url': 'creator.preChecks.reason.license.custom_without_url',
  'description.ok': 'creator.preChecks.reason.description.ok',
  'description.missing': 'creator.preChecks.reason.description.missing',
  'description.too_short': 'creator.preChecks.reason.description.too_short',
  'links.ok': 'creator.preChecks.reason.links.ok',
  'links.none': 'creator.preChecks.reason.links.none',
  'links.malformed': 'creator.preChecks.reason.links.malformed',
  'gallery_alt_text.ok': 'creator.preChecks.reason.gallery_alt_text.ok',
  'gallery_alt_text.no_images': 'creator.preChecks.reason.gallery_alt_text.no_images',
  'gallery_alt_text.missing_alt': 'creator.preChecks.reason.gallery_alt_text.missing_alt',
  'modpack_attribution.not_modpack': 'creator.preChecks.reason.modpack_attribution.not_modpack',
  'modpack_attribution.none_bundled': 'creator.preChecks.reason.modpack_attribution.none_bundled',
  'modpack_attribution.ok': 'creator.preChecks.reason.modpack_attribution.ok',
  'modpack_attribution.missing': 'creator.preChecks.reason.modpack_attribution.missing',
  'version_metadata.ok': 'creator.preChecks.reason.version_metadata.ok',
  'version_metadata.no_versions': 'creator.preChecks.reason.version_metadata.no_versions',
  'version_metadata.unreadable': 'creator.preChecks.reason.version_metadata.unreadable',
  'version_metadata.mismatch': 'creator.preChecks.reason.version_metadata.mismatch',
  'files_scanned.ok': 'creator.preChecks.reason.files_scanned.ok',
  'files_scanned.no_versions': 'creator.preChecks.reason.files_scanned.no_versions',
  'files_scanned.pending': 'creator.preChecks.reason.files_scanned.pending',
  'files_scanned.quarantined': 'creator.preChecks.reason.files_scanned.quarantined',
};

interface ReviewChecksListProps {
  checks: ReviewChecks;
  type: ProjectType;
  slug: string;
  /** `creator` before submitting (fails block), `moderator` beside the review. */
  audience: 'creator' | 'moderator';
}

/**
 * A project's review pre-checks: each check's result in words and with an icon (never by colour
 * alone), what it found, and a link to where each finding is fixed.
 */
export function ReviewChecksList({ checks, type, slug, audience }: ReviewChecksListProps) {
  const t = useT();
  const headingId = useId();

  const fixLabel = (fix: ReviewCheckFix, item?: ReviewCheckItem) => {
    if (fix.kind === 'settings') return t('creator.preChecks.fix.settings', { section: fix.section });
    if (fix.kind === 'gallery') return t('creator.preChecks.fix.gallery');
    return t('creator.preChecks.fix.version', { version: item?.subject ?? '' });
  };
  const fixLink = (fix: ReviewCheckFix | null, item?: ReviewCheckItem) =>
    fix && (
      <AppLink to={fixHref(fix, type, slug)} className={styles.fix}>
        {fixLabel(fix, item)}
      </AppLink>
    );
  const itemText = (item: ReviewCheckItem) =>
    item.field === null
      ? item.subject
      : `${item.subject} — ${t('creator.preChecks.mismatch', {
          field: item.field,
          declared: item.declared.join(', '),
          found: item.found.length > 0 ? item.found.join(', ') : t('creator.preChecks.foundNothing'),
        })}`;
  // Settings and gallery findings share the check's one link below; each version has its own page.
  const ownFix = (item: ReviewCheckItem) => (item.fix?.kind === 'version' ? item.fix : null);

  return (
    <section className={styles.checks} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('creator.preChecks.title')}
      </h3>
      <p className={styles.lede}>{t(audience === 'creator' ? 'creator.preChecks.intro' : 'creator.preChecks.moderatorIntro')}</p>
      <p className={styles.summary}>{t('creator.preChecks.summary', checks.counts)}</p>
      <ul className={styles.list}>
        {checks.checks.map((check) => {
          const { label, Icon } = STATUS[check.status];
          const reason = REASON[`${check.id}.${check.reason}`];
          const hidden = check.item_count - check.items.length;
          return (
            <li key={check.id} className={cx(styles.check, styles[check.status])}>
              <Icon className={styles.icon} />
              <div className={styles.body}>
                <h4 className={styles.title}>
                  <span>{t(TITLE[check.id])}</span> <span className={styles.status}>{t(label)}</span>
                </h4>
                <p className={styles.text}>{reason ? t(reason, check.values) : check.message}</p>
                {check.items.length > 0 && (
                  <ul className={styles.items}>
                    {check.items.map((item, index) => {
                      const fix = ownFix(item);
                      return (
                        <li key={`${item.subject}-${item.field ?? ''}-${index}`}>
                          <span className={styles.subject}>{itemText(item)}</span> {fixLink(fix, item)}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {hidden > 0 && <p className={styles.text}>{t('creator.preChecks.more', { count: hidden })}</p>}
                {check.status !== 'pass' && fixLink(check.fix)}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
