import { listVersionScanStates } from '../../malware-scan/file-scans.port.js';
import { defineCheck, type CheckItem } from '../review-check.js';

/**
 * The versions' files passed the upload scan (docs/api/malware.md). A file held in quarantine
 * fails the check until the moderators release it; a scan still running is a warning (it
 * finishes seconds after an upload, and submitting meanwhile is allowed).
 */
export const filesScannedCheck = defineCheck('files_scanned', async ({ versions }, { db }) => {
  if (versions.length === 0) return { status: 'pass', reason: 'no_versions', message: 'The project has no versions yet.' };
  const states = await listVersionScanStates(
    db,
    versions.map((version) => version.id),
  );
  const item = (version: (typeof versions)[number]): CheckItem => ({ subject: version.versionNumber, versionId: version.id, fix: { kind: 'version', versionId: version.id } });
  const quarantined = versions.filter((version) => states.get(version.id) === 'quarantined').map(item);
  if (quarantined.length > 0) {
    return {
      status: 'fail',
      reason: 'quarantined',
      message: `The malware scan holds files of ${quarantined.length} version(s) in quarantine; the moderators release or remove them.`,
      items: quarantined,
    };
  }
  const pending = versions.filter((version) => states.get(version.id) === 'pending').map(item);
  if (pending.length > 0) {
    return { status: 'warn', reason: 'pending', message: `The files of ${pending.length} version(s) are still being scanned.`, items: pending };
  }
  return { status: 'pass', reason: 'ok', message: "Every version's files were scanned and found clean." };
});
