/** How other modules read team members as a caller may see them. */
export { listVisibleMembers } from './team-members.js';
