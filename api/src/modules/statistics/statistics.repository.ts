import { sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES, SEARCHABLE_PROJECT_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Counts over public projects (approved, archived) and their listed versions. */
export async function countCatalogue(db: Executor): Promise<{ projects: number; versions: number; files: number; authors: number }> {
  const publicProject = sql`p.status in (${list(SEARCHABLE_PROJECT_STATUSES)})`;
  const listedVersion = sql`v.status in (${list(LISTED_VERSION_STATUSES)})`;
  const rows = await db.execute<{ projects: string; versions: string; files: string; authors: string }>(sql`
    select
      (select count(*) from projects p where ${publicProject}) as projects,
      (select count(*) from versions v join projects p on p.id = v.project_id where ${publicProject} and ${listedVersion}) as versions,
      (select count(*) from version_files f join versions v on v.id = f.version_id join projects p on p.id = v.project_id
        where ${publicProject} and ${listedVersion}) as files,
      -- Accepted members of the teams (own or the owning organization's) of public projects.
      (select count(distinct m.user_id) from team_members m where m.accepted and m.team_id in (
        select p.team_id from projects p where ${publicProject}
        union select o.team_id from organizations o join projects p on p.organization_id = o.id where ${publicProject})) as authors`);
  const row = rows[0]!;
  return { projects: Number(row.projects), versions: Number(row.versions), files: Number(row.files), authors: Number(row.authors) };
}
