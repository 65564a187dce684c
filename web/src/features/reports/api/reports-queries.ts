import { ProjectSchema } from '@cairn/shared/schemas/projects';
import type { ModifyReportBody, SubmitReportBody } from '@cairn/shared/schemas/report-requests';
import { ReportListSchema, ReportSchema, type ReportItemType } from '@cairn/shared/schemas/reports';
import { UserSchema } from '@cairn/shared/schemas/users';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, HttpError } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

const encode = encodeURIComponent;
/** The most reports one list shows (the API's limit). */
const LIST_COUNT = 1000;

export const submitReport = (body: SubmitReportBody) => apiFetch('/v2/report', { method: 'POST', body, schema: ReportSchema });
export const modifyReport = (id: string, body: ModifyReportBody) => apiFetch(`/v2/report/${encode(id)}`, { method: 'PATCH', body, schema: NoContentSchema });

/** What a report is about, as the report pages show it: a name and where it lives. */
export interface ReportedItem {
  type: ReportItemType;
  id: string;
  name: string;
  /** The project of a version (its page is under the project). */
  projectId?: string;
}

/** The item if it exists and the viewer may see it; null otherwise. */
async function findItem(type: ReportItemType, idText: string, signal?: AbortSignal): Promise<ReportedItem | null> {
  try {
    if (type === 'project') {
      const project = await apiFetch(`/v2/project/${encode(idText)}`, { schema: ProjectSchema, signal });
      return { type, id: project.id, name: project.title };
    }
    if (type === 'version') {
      const version = await apiFetch(`/v2/version/${encode(idText)}`, { schema: VersionSchema, signal });
      return { type, id: version.id, name: version.name || version.version_number, projectId: version.project_id };
    }
    const user = await apiFetch(`/v2/user/${encode(idText)}`, { schema: UserSchema, signal });
    return { type, id: user.id, name: user.username };
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const reportQueries = {
  all: () => ['reports'] as const,
  /** getOpenReports: the signed-in user's open reports, oldest first. */
  mine: () =>
    queryOptions({ queryKey: [...reportQueries.all(), 'mine'] as const, queryFn: ({ signal }) => apiFetch(`/v2/report?count=${LIST_COUNT}`, { schema: ReportListSchema, signal }), staleTime: 0 }),
  /** Moderators: every open report, oldest first. */
  open: () =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'open'] as const,
      queryFn: ({ signal }) => apiFetch(`/v2/report?all=true&count=${LIST_COUNT}`, { schema: ReportListSchema, signal }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({ queryKey: [...reportQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => apiFetch(`/v2/report/${encode(id)}`, { schema: ReportSchema, signal }), staleTime: 0 }),
  item: (type: ReportItemType, id: string) =>
    queryOptions({ queryKey: [...reportQueries.all(), 'item', type, id] as const, queryFn: ({ signal }) => findItem(type, id, signal), staleTime: 60_000 }),
  /** reportTypeList: the reasons a report may give. */
  reasons: () =>
    queryOptions({ queryKey: [...reportQueries.all(), 'reasons'] as const, queryFn: ({ signal }) => apiFetch('/v2/tag/report_type', { schema: z.array(z.string()), signal }), staleTime: Infinity }),
};
