import { isHiddenProjectStatus, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, forbidden, notFound } from '../../lib/errors.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import type { BlobRead, FileStore } from '../../lib/storage/file-store.js';
import { listProjectAccess } from '../access/project.policy.js';
import { canSeeVersion } from '../access/version.policy.js';
import * as repo from './versions.repository.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { downloadClientKey } from '../../lib/client-key.js';
import { contentDisposition, downloadContentType } from './download-headers.js';
import { DOWNLOAD_SOURCE_UNKNOWN, type DownloadReason } from '@cairn/shared/schemas/analytics';
import type { CountryLookup } from '../analytics/geoip.js';
import { recordDownloadEvent } from '../analytics/download-events.port.js';
import { findFileQuarantine } from '../malware-scan/file-scans.port.js';

/** 451: the malware scan holds the file; it is not served until the moderators release it. */
const quarantined = () =>
  new ApiError(451, 'file_quarantined', 'The malware scan found something in this file; it is held for review by the moderators and is not served meanwhile');

export interface DownloadableFile {
  blobKey: string;
  filename: string;
  size: number;
  sha1: string;
  versionId: number;
  projectId: number;
  /** Anyone may see it (so shared caches may keep it). */
  public: boolean;
}

/** What a client says about a download (query parameters or header), already validated. */
export interface DownloadFacts {
  reason?: DownloadReason;
  loader?: string;
  gameVersion?: string;
  /** Base62 id of the project that pulled this one in. */
  dependentOn?: string;
  /** Who made the download (analytics/download-source.ts); unknown when not given. */
  source?: string;
}

/** Version files served at their public URL, with download counting. */
export function createDownloadsService(deps: { db: Database; files: FileStore; fileTokens: FileTokens; countryOf: CountryLookup }) {
  const { db, files, fileTokens, countryOf } = deps;
  return {
    /**
     * The file at `/<project>/versions/<version>/<name>`. Public files are everyone's; others
     * need a caller allowed to see the version or the link's signed token (handed only to such
     * callers). A token that does not fit the file → 403, an expired one → 404.
     */
    async findFile(actor: Actor | null, projectText: string, versionText: string, filename: string, token?: string): Promise<DownloadableFile> {
      const versionId = parseId(versionText);
      const file = versionId === undefined ? undefined : await repo.findFileForDownload(db, versionId, filename);
      if (file && file.projectId === parseId(projectText)) {
        const [access] = await listProjectAccess(db, actor, [file.projectId]);
        if (access) {
          // A quarantined file is refused to everyone who could fetch it before the quarantine
          // hid its version; others get the 404 a hidden file gets (docs/api/malware.md).
          const quarantine = await findFileQuarantine(db, file.versionId, file.sha512);
          const status = quarantine?.previousStatus ?? file.status;
          const allow = (result: DownloadableFile): DownloadableFile => {
            if (quarantine) throw quarantined();
            return result;
          };
          const isPublic = !isHiddenProjectStatus(access.project.status) && !isHiddenVersionStatus(status);
          if (isPublic) return allow({ ...file, public: true });
          if (canSeeVersion(actor, status, access)) return allow({ ...file, public: false });
          if (token !== undefined) {
            const signed = { projectId: encodeBase62(file.projectId), versionId: encodeBase62(file.versionId), filename: file.filename, sha1: file.sha1 };
            const check = fileTokens.check(signed, token);
            if (check === 'valid') return allow({ ...file, public: false });
            if (check === 'invalid') throw forbidden('The download link is not valid for this file', 'invalid_token');
          }
        }
      }
      throw notFound('No such file');
    },

    async read(file: DownloadableFile, range?: { start: number; end: number }): Promise<BlobRead> {
      const blob = await files.read(file.blobKey, range);
      if (!blob) throw notFound('No such file');
      return blob;
    },

    /** A presigned URL of the bucket when the store hands them out (FILE_URL_MODE=presigned). */
    async directUrl(file: DownloadableFile, signedAt?: Date): Promise<string | undefined> {
      if (!files.presignedUrl) return undefined;
      return files.presignedUrl(file.blobKey, { contentDisposition: contentDisposition(file.filename), contentType: downloadContentType(file.filename), signedAt });
    },

    /**
     * Counts a download (at most once per client per version per hour) and records it for
     * analytics with the client's country, the facts it gave and its download source.
     */
    countDownload(file: DownloadableFile, clientIp: string, facts: DownloadFacts = {}): Promise<boolean> {
      const clientKey = downloadClientKey(clientIp);
      return repo.countDownload(db, file.versionId, file.projectId, clientKey, (tx) =>
        recordDownloadEvent(tx, {
          projectId: file.projectId,
          versionId: file.versionId,
          clientKey,
          country: countryOf(clientIp),
          loader: facts.loader ?? '',
          gameVersion: facts.gameVersion ?? '',
          reason: facts.reason ?? 'standalone',
          dependentOn: facts.dependentOn === undefined ? null : (parseId(facts.dependentOn) ?? null),
          source: facts.source ?? DOWNLOAD_SOURCE_UNKNOWN,
        }),
      );
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;

/** Housekeeping: download de-duplication rows only matter during their hour. */
export function pruneDownloadDedup(db: Database): Promise<number> {
  return repo.deleteExpiredDownloadDedup(db);
}
