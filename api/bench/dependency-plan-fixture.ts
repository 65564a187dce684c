import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ALL_PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Database } from '../src/db/client.js';

// Projects 1…300 of the fixture are the mods, 301…360 the libraries.

/**
 * The dependency plan's benchmark data, beside the synthetic catalogue (whose versions declare
 * no dependencies, and stay so: the other scenarios' answers do not change): 300 mods and 60
 * libraries in an id band of their own, three versions each, with a deterministic graph —
 * every mod requires two libraries, libraries require the next one in chains three deep, every
 * tenth mod offers an optional one and declares another incompatible, and every 25th mod has
 * nothing for the target. Inserted once into the bench database; later runs reuse it.
 */

export const PLAN_MODS = 300;
const PLAN_LIBRARIES = 60;
const BASE = { team: 155_000_000_000_000, project: 165_000_000_000_000, version: 175_000_000_000_000, file: 185_000_000_000_000, thread: 195_000_000_000_000 };
/** The target the benchmark resolves to: the newest game version the fixture's versions support. */
export const PLAN_TARGET = { loader: 'fabric', game_version: '1.21.1' };

export async function ensureDependencyPlanFixture(db: Database, ownerId: number): Promise<void> {
  const [present] = await db.execute<{ n: string }>(sql`select count(*)::text as n from projects where id = ${BASE.project + PLAN_MODS + PLAN_LIBRARIES}`);
  if (present!.n !== '0') return;
  const count = PLAN_MODS + PLAN_LIBRARIES;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into teams (id) select ${BASE.team}::bigint + n from generate_series(1, ${count}::int) n`);
    await tx.execute(sql`insert into team_members (team_id, user_id, role, is_owner, permissions, accepted, payouts_split)
      select ${BASE.team}::bigint + n, ${ownerId}::bigint, 'Owner', true, ${ALL_PROJECT_PERMISSIONS}, true, 100 from generate_series(1, ${count}::int) n`);
    await tx.execute(sql`insert into projects (id, slug, team_id, title, summary, body, declared_type, status, requested_status, license_id,
        published, updated, approved, downloads, followers, client_side, server_side)
      select ${BASE.project}::bigint + n, case when n <= ${PLAN_MODS} then 'planbench-mod-' || n else 'planbench-lib-' || (n - ${PLAN_MODS}) end,
        ${BASE.team}::bigint + n, 'Plan bench ' || n, 'A project of the dependency plan benchmark.', '', 'mod', 'approved', 'approved', 'MIT',
        now(), now(), now(), 0, 0, 'required', 'optional'
      from generate_series(1, ${count}::int) n`);
    await tx.execute(sql`insert into threads (id, type, project_id) select ${BASE.thread}::bigint + n, 'project', ${BASE.project}::bigint + n from generate_series(1, ${count}::int) n`);
    // v = 0, 1, 2: 1.20.1, 1.21 and 1.21.1 (the newest a beta for every fourth project); every 25th mod stops at 1.21.
    await tx.execute(sql`insert into versions (id, project_id, author_id, name, version_number, changelog, version_type, status, featured,
        date_published, downloads, loaders, game_versions, environment, project_types)
      select ${BASE.version}::bigint + n * 3 + v, ${BASE.project}::bigint + n, ${ownerId}::bigint, 'Release ' || v, v || '.0.' || n, '',
        case when v = 2 and n % 4 = 0 then 'beta' else 'release' end, 'listed', false, now() - interval '30 days' + v * interval '1 day', 0,
        array['fabric', 'quilt'], array[(array['1.20.1', '1.21', case when n <= ${PLAN_MODS} and n % 25 = 0 then '1.21' else '1.21.1' end])[1 + v]],
        'client_and_server', array['mod']
      from generate_series(1, ${count}::int) n, generate_series(0, 2) v`);
    await tx.execute(sql`insert into version_files (id, version_id, blob_key, filename, size, sha1, sha512, "primary")
      select ${BASE.file}::bigint + n * 3 + v, ${BASE.version}::bigint + n * 3 + v, 'planbench.jar', 'planbench-' || n || '-' || v || '.jar', 1024,
        left(encode(sha256(('plan-sha1:' || n || ':' || v)::bytea), 'hex'), 40), encode(sha512(('plan-sha512:' || n || ':' || v)::bytea), 'hex'), true
      from generate_series(1, ${count}::int) n, generate_series(0, 2) v`);
    // Every version of mod n requires libraries n % 60 and 7n % 60; library j requires j + 1 unless j % 3 = 2.
    await tx.execute(sql`insert into version_dependencies (version_id, dependency_project_id, dependency_type)
      select distinct ${BASE.version}::bigint + n * 3 + v, ${BASE.project}::bigint + lib, 'required'
      from generate_series(1, ${PLAN_MODS}::int) n, generate_series(0, 2) v,
        lateral (values (${PLAN_MODS + 1}::int + n % ${PLAN_LIBRARIES}::int), (${PLAN_MODS + 1}::int + (7 * n) % ${PLAN_LIBRARIES}::int)) as l(lib)`);
    await tx.execute(sql`insert into version_dependencies (version_id, dependency_project_id, dependency_type)
      select ${BASE.version}::bigint + n * 3 + v, ${BASE.project}::bigint + n + 1, 'required'
      from generate_series(${PLAN_MODS + 1}::int, ${count - 1}::int) n, generate_series(0, 2) v where (n - ${PLAN_MODS + 1}) % 3 <> 2`);
    await tx.execute(sql`insert into version_dependencies (version_id, dependency_project_id, dependency_type)
      select ${BASE.version}::bigint + n * 3 + v, ${BASE.project}::bigint + 1 + (n + 1) % ${PLAN_MODS}, kind
      from generate_series(10, ${PLAN_MODS}::int, 10) n, generate_series(0, 2) v, (values ('optional'), ('incompatible')) as k(kind)`);
  });
  await db.execute(sql`analyze versions; analyze version_dependencies`);
}

/** The benchmark's request: half of the mods by the sha1 of an older file, half by slug. */
export function dependencyPlanBody(): string {
  const mods = Array.from({ length: PLAN_MODS }, (_, i) => i + 1);
  return JSON.stringify({
    hashes: mods.filter((n) => n % 2 === 0).map((n) => createHash('sha256').update(`plan-sha1:${n}:0`).digest('hex').slice(0, 40)),
    projects: mods.filter((n) => n % 2 === 1).map((n) => `planbench-mod-${n}`),
    algorithm: 'sha1',
    ...PLAN_TARGET,
  });
}
