import { REPORT_TYPES, type ReportType } from '@cairn/shared/constants/report-types';
import type { MessageId } from '../../../lib/i18n/catalogs';

const isKnown = (reason: string): reason is ReportType => (REPORT_TYPES as readonly string[]).includes(reason);

/** The label of a reason; reasons added to the tags later show their machine name. */
export function reasonLabel(t: (id: MessageId) => string, reason: string): string {
  return isKnown(reason) ? t(`reports.reason.${reason}`) : reason.replace(/-/g, ' ');
}

/** Reasons that need more than a sentence: the form says what evidence they need. */
export const REASON_WARNINGS: Partial<Record<string, MessageId>> = {
  copyright: 'reports.form.copyrightWarning',
  malicious: 'reports.form.maliciousWarning',
};
