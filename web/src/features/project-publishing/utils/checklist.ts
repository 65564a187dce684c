import type { Project } from '@cairn/shared/schemas/projects';

/** Where an item is fixed: a settings section, a project tab, or the submit button itself. */
export type ChecklistTarget =
  | { kind: 'settings'; section: 'general' | 'tags' | 'description' | 'license' | 'links' }
  | { kind: 'tab'; tab: 'versions' | 'gallery' }
  | { kind: 'submit' };

export type ChecklistItemId = 'version' | 'description' | 'icon' | 'gallery' | 'tags' | 'links' | 'environments' | 'license' | 'submit';

export interface ChecklistItem {
  id: ChecklistItemId;
  /** `required` items block submission; `suggestion`s do not; `review` is the submission step. */
  status: 'required' | 'suggestion' | 'review';
  done: boolean;
  target: ChecklistTarget;
}

/** Statuses in which the team still prepares the project for review. */
export const CHECKLIST_STATUSES: readonly string[] = ['draft', 'rejected', 'withheld'];

const UNKNOWN_LICENSE = 'LicenseRef-Unknown';

/** A body that is empty or holds only headings (a placeholder) is no description yet. */
export function hasDescription(body: string): boolean {
  return body
    .split('\n')
    .map((line) => line.trim())
    .some((line) => line !== '' && !line.startsWith('#'));
}

function hasEnvironments(project: Project): boolean {
  if (project.project_type !== 'mod' && project.project_type !== 'modpack') return true;
  const { client_side: client, server_side: server } = project;
  if (client === 'unknown' || server === 'unknown') return false;
  return !(client === 'unsupported' && server === 'unsupported');
}

function hasLinks(project: Project): boolean {
  return [project.issues_url, project.source_url, project.wiki_url, project.discord_url].some(Boolean) || project.donation_urls.length > 0;
}

/**
 * The publishing checklist of a project the team is preparing (draft, rejected, withheld): what
 * it needs before review, what would make it better, then the submission step. `versionCount`
 * counts every version the team sees, drafts included.
 */
export function publishingChecklist(project: Project, versionCount: number): ChecklistItem[] {
  const hasVersion = versionCount > 0;
  const items: ChecklistItem[] = [
    { id: 'version', status: 'required', done: hasVersion, target: { kind: 'tab', tab: 'versions' } },
    { id: 'description', status: 'required', done: hasDescription(project.body), target: { kind: 'settings', section: 'description' } },
    { id: 'icon', status: 'suggestion', done: project.icon_url !== null, target: { kind: 'settings', section: 'general' } },
    { id: 'gallery', status: 'suggestion', done: project.gallery.some((image) => image.featured), target: { kind: 'tab', tab: 'gallery' } },
  ];
  // Tags depend on the type, which the first version's loaders decide.
  if (hasVersion) {
    const tagged = project.categories.length + project.additional_categories.length > 0;
    items.push({ id: 'tags', status: 'suggestion', done: tagged, target: { kind: 'settings', section: 'tags' } });
  }
  items.push(
    { id: 'links', status: 'suggestion', done: hasLinks(project), target: { kind: 'settings', section: 'links' } },
    { id: 'environments', status: 'required', done: hasEnvironments(project), target: { kind: 'settings', section: 'general' } },
    { id: 'license', status: 'required', done: project.license.id !== UNKNOWN_LICENSE, target: { kind: 'settings', section: 'license' } },
    { id: 'submit', status: 'review', done: !CHECKLIST_STATUSES.includes(project.status), target: { kind: 'submit' } },
  );
  return items;
}

/** Whether every required item is done, so the project may be sent for review. */
export function canSubmit(items: readonly ChecklistItem[]): boolean {
  return items.every((item) => item.status !== 'required' || item.done);
}
