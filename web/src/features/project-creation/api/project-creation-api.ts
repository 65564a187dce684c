import { ProjectSchema, type CreateProjectData } from '@cairn/shared/schemas/projects';
import type { RequestableProjectStatus } from '@cairn/shared/constants/project-status';
import { apiFetch } from '../../../lib/api-client';

export interface NewProject {
  title: string;
  slug: string;
  summary: string;
  /** What the project becomes once a moderator approves it. */
  visibility: Extract<RequestableProjectStatus, 'approved' | 'unlisted' | 'private'>;
}

/**
 * `POST /v2/project` (operationId `createProject`): a draft without versions. The real project
 * type comes later from the loaders of its versions; the license and description are filled in
 * from the publishing checklist.
 */
export function createProject(project: NewProject) {
  const data = {
    title: project.title,
    slug: project.slug,
    description: project.summary,
    body: '',
    project_type: 'mod',
    categories: [],
    additional_categories: [],
    client_side: 'required',
    server_side: 'required',
    license_id: 'LicenseRef-Unknown',
    is_draft: true,
    requested_status: project.visibility,
    initial_versions: [],
    gallery_items: [],
    donation_urls: [],
  } satisfies Partial<CreateProjectData>;
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return apiFetch('/v2/project', { method: 'POST', body: form, schema: ProjectSchema });
}
