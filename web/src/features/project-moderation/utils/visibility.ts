import type { ProjectStatus } from '@cairn/shared/constants/project-status';

/** Where people can find a project in a given status (what the Moderation tab lists). */
export interface Visibility {
  search: boolean;
  profiles: boolean;
  directLink: boolean;
}

export function visibilityOf(status: ProjectStatus): Visibility {
  switch (status) {
    case 'approved':
    case 'archived':
      return { search: true, profiles: true, directLink: true };
    case 'unlisted':
    case 'withheld':
      return { search: false, profiles: false, directLink: true };
    default:
      return { search: false, profiles: false, directLink: false };
  }
}

/** Rejected and withheld projects go back to the queue from the Moderation tab. */
export const canResubmit = (status: ProjectStatus) => status === 'rejected' || status === 'withheld';
