import { paths } from '../../../config/paths';
import type { ReportedItem } from '../api/reports-queries';

/** The page of a reported item (projects and versions through the permanent project link). */
export function itemHref(item: Pick<ReportedItem, 'type' | 'id' | 'projectId'>): string {
  if (item.type === 'user') return paths.user.getHref(item.id);
  if (item.type === 'version' && item.projectId) return paths.project.getPermanentVersionHref(item.projectId, item.id);
  return paths.project.getPermanentHref(item.id);
}
