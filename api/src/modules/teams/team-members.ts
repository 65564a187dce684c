import type { TeamMember } from '@cairn/shared/schemas/teams';
import { memberVisibility, type TeamAccess } from '../access/team.policy.js';
import type { Actor } from '../../lib/actor.js';
import type { Executor } from '../../db/client.js';
import { toTeamMember } from './teams.mapper.js';
import * as repo from './teams.repository.js';

/** Accepted members see every row and private fields; others see accepted members and their own row. */
export function presentMembers(team: TeamAccess, actor: Actor | null, rows: readonly repo.MemberRow[]): TeamMember[] {
  return rows.flatMap((r) => {
    const visibility = r.teamId === team.teamId ? memberVisibility(team, actor, r) : 'hidden';
    return visibility === 'hidden' ? [] : [toTeamMember(r, visibility === 'full', team.kind === 'organization')];
  });
}

/** The members of each team as the caller may see them, in the order of `teams`. */
export async function listVisibleMembers(db: Executor, actor: Actor | null, teams: readonly TeamAccess[]): Promise<TeamMember[][]> {
  const rows = teams.length ? await repo.listMembers(db, teams.map((t) => t.teamId)) : [];
  return teams.map((team) => presentMembers(team, actor, rows));
}
