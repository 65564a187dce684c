import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const encode = encodeURIComponent;

/** `PATCH /v2/project/{id}` (operationId `modifyProject`) with `status: processing`: send for review. */
export function submitForReview(projectId: string) {
  return apiFetch(`/v2/project/${encode(projectId)}`, { method: 'PATCH', body: { status: 'processing' }, schema: z.unknown() });
}

/** `POST /v2/team/{id}/join` (operationId `joinTeam`): accept a pending invitation. */
export function joinTeam(teamId: string) {
  return apiFetch(`/v2/team/${encode(teamId)}/join`, { method: 'POST', schema: z.unknown() });
}

/** `DELETE /v2/team/{id}/members/{user}` (operationId `deleteTeamMember`): decline one's own invitation. */
export function leaveTeam(teamId: string, userId: string) {
  return apiFetch(`/v2/team/${encode(teamId)}/members/${encode(userId)}`, { method: 'DELETE', schema: z.unknown() });
}
