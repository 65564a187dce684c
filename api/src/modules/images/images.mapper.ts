import type { ImageContext, UploadedImage } from '@cairn/shared/schemas/images';
import { encodeBase62 } from '../../lib/ids.js';
import type { UploadedImageRow } from './images.repository.js';

const idOf = (id: number | null) => (id === null ? undefined : encodeBase62(id));

/** The wire image: the id of its item only for its own context. */
export function toUploadedImage(row: UploadedImageRow, cdnUrl: string): UploadedImage {
  const context = row.context as ImageContext;
  return {
    id: encodeBase62(row.id),
    url: `${cdnUrl}/${row.blobKey}`,
    size: row.size,
    created: row.created.toISOString(),
    owner_id: encodeBase62(row.ownerId),
    context,
    ...(context === 'project' ? { project_id: idOf(row.projectId) } : {}),
    ...(context === 'version' ? { version_id: idOf(row.versionId) } : {}),
    ...(context === 'thread_message' ? { thread_message_id: idOf(row.threadMessageId) } : {}),
    ...(context === 'report' ? { report_id: idOf(row.reportId) } : {}),
  };
}
