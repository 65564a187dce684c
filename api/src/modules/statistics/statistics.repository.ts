import { sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES, SEARCHABLE_PROJECT_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, versionFiles, versions } from '../../db/schema/catalogue.js';

/** Counts over public projects (approved, archived) and their listed versions. */
export async function countCatalogue(db: Executor) {
  const publicProjects = sql`${projects.status} in ${[...SEARCHABLE_PROJECT_STATUSES]}`;
  const listedVersions = sql`${versions.status} in ${[...LISTED_VERSION_STATUSES]}`;
  const [row] = await db
    .select({
      projects: sql<number>`(select count(*) from ${projects} where ${publicProjects})`.mapWith(Number),
      versions: sql<number>`(select count(*) from ${versions} join ${projects} on ${projects.id} = ${versions.projectId} where ${publicProjects} and ${listedVersions})`.mapWith(Number),
      files: sql<number>`(select count(*) from ${versionFiles} join ${versions} on ${versions.id} = ${versionFiles.versionId} join ${projects} on ${projects.id} = ${versions.projectId} where ${publicProjects} and ${listedVersions})`.mapWith(Number),
      // Accepted members of the teams (own or organization's) of public projects.
      authors: sql<number>`(select count(distinct ${teamMembers.userId}) from ${teamMembers} where ${teamMembers.accepted} and ${teamMembers.teamId} in (
        select ${projects.teamId} from ${projects} where ${publicProjects}
        union select ${organizations.teamId} from ${organizations} join ${projects} on ${projects.organizationId} = ${organizations.id} where ${publicProjects}))`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
