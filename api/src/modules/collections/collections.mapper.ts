import type { Collection } from '@cairn/shared/schemas/collections';
import { CollectionStatusSchema } from '@cairn/shared/schemas/collections';
import { encodeBase62 } from '../../lib/ids.js';
import type { CollectionRow } from './collections.repository.js';

export function toCollection(row: CollectionRow, projectIds: readonly number[], cdnUrl: string): Collection {
  const status = CollectionStatusSchema.safeParse(row.status);
  return {
    id: encodeBase62(row.id),
    user: encodeBase62(row.userId),
    name: row.name,
    description: row.description,
    icon_url: row.iconKey ? `${cdnUrl}/${row.iconKey}` : null,
    color: row.color,
    status: status.success ? status.data : 'unknown',
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    projects: projectIds.map(encodeBase62),
  };
}
