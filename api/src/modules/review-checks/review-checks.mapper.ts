import { REVIEW_CHECK_MAX_ITEMS, type ReviewCheck, type ReviewCheckFix, type ReviewCheckId, type ReviewChecks } from '@cairn/shared/schemas/review-checks';
import { encodeBase62 } from '../../lib/ids.js';
import type { CheckFix, CheckOutcome } from './review-check.js';

function toFix(fix: CheckFix | undefined): ReviewCheckFix | null {
  if (!fix) return null;
  if (fix.kind === 'version') return { kind: 'version', version_id: encodeBase62(fix.versionId) };
  return fix;
}

export function toReviewCheck(id: ReviewCheckId, outcome: CheckOutcome): ReviewCheck {
  const items = outcome.items ?? [];
  return {
    id,
    status: outcome.status,
    reason: outcome.reason,
    message: outcome.message,
    values: outcome.values ?? {},
    items: items.slice(0, REVIEW_CHECK_MAX_ITEMS).map((item) => ({
      subject: item.subject,
      version_id: item.versionId === undefined ? null : encodeBase62(item.versionId),
      field: item.field ?? null,
      declared: [...(item.declared ?? [])],
      found: [...(item.found ?? [])],
      fix: toFix(item.fix),
    })),
    item_count: items.length,
    fix: toFix(outcome.fix),
  };
}

export function toReviewChecks(projectId: number, results: ReadonlyArray<{ id: ReviewCheckId; outcome: CheckOutcome }>): ReviewChecks {
  const checks = results.map((result) => toReviewCheck(result.id, result.outcome));
  const count = (status: ReviewCheck['status']) => checks.filter((check) => check.status === status).length;
  return {
    project_id: encodeBase62(projectId),
    checks,
    can_submit: count('fail') === 0,
    counts: { pass: count('pass'), warn: count('warn'), fail: count('fail') },
  };
}
