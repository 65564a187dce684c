import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { ALL_PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Database } from '../client.js';
import { users } from '../schema/users.js';
import type { FileStore } from '../../lib/storage/file-store.js';

/**
 * `seed --synthetic N`: N projects with 3 versions and 3 files each, generated inside
 * PostgreSQL (`insert … select from generate_series`) in batches, for benchmarks. Ids are
 * consecutive numbers in a band of the id space random ids practically never hit; file rows
 * point at a few real blobs so downloads work; hashes are distinct per file.
 */

const BATCH = 10_000;
/** Bands inside [62^7, 62^8): teams, projects, versions and files each get their own. */
const BASE = { team: 150_000_000_000_000, project: 160_000_000_000_000, version: 170_000_000_000_000, file: 180_000_000_000_000, thread: 190_000_000_000_000 };
const LOADER_SETS = ['{fabric}', '{forge}', '{fabric,quilt}', '{neoforge}', '{paper,spigot}', '{iris}', '{minecraft}', '{datapack}'];
const GAME_VERSIONS = ['{1.20.1}', '{1.20.2}', '{1.20.4}', '{1.20.6}', '{1.21}', '{1.21.1}', '{1.20.1,1.20.2}', '{1.21,1.21.1}'];

export const SYNTHETIC_OWNER = 'synthetic-owner';

export async function countSyntheticProjects(db: Database): Promise<number> {
  const rows = await db.execute<{ n: string }>(sql`select count(*) as n from projects where slug like 'synthetic-%'`);
  return Number(rows[0]!.n);
}

export async function seedSyntheticCatalogue(db: Database, files: FileStore, count: number, print: (line: string) => void): Promise<void> {
  const started = Date.now();
  // Batches commit one by one, so an interrupted run leaves projects 1…existing complete.
  const existing = await countSyntheticProjects(db);
  if (existing >= count) {
    print(`${existing} synthetic projects are already present; nothing to do.`);
    return;
  }
  // A few real blobs the file rows share (so the download route has bytes to serve).
  const blobs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const bytes = Buffer.from(zipSync({ 'META-INF/MANIFEST.MF': strToU8(`Manifest-Version: 1.0\nImplementation-Title: synthetic-${i}\n`) }));
    blobs.push((await files.put(bytes, { maxBytes: 1 << 20, extension: 'jar' })).key);
  }
  let [owner] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${SYNTHETIC_OWNER}`);
  if (!owner) {
    owner = { id: BASE.team - 1 };
    await db.insert(users).values({ id: owner.id, username: SYNTHETIC_OWNER, role: 'developer' });
  }
  const loaderSets = sql.raw(`array['${LOADER_SETS.join("','")}']::text[]`);
  const gameVersionSets = sql.raw(`array['${GAME_VERSIONS.join("','")}']::text[]`);
  const blobArray = sql.raw(`array['${blobs.join("','")}']::text[]`);

  for (let from = existing + 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into teams (id) select ${BASE.team}::bigint + i from generate_series(${from}::int, ${to}::int) i`);
      await tx.execute(sql`insert into team_members (team_id, user_id, role, is_owner, permissions, accepted, payouts_split)
        select ${BASE.team}::bigint + i, ${owner!.id}::bigint, 'Owner', true, ${ALL_PROJECT_PERMISSIONS}, true, 100 from generate_series(${from}::int, ${to}::int) i`);
      await tx.execute(sql`insert into projects (id, slug, team_id, title, summary, body, declared_type, status, requested_status, license_id,
          published, updated, approved, downloads, followers, client_side, server_side)
        select ${BASE.project}::bigint + i, 'synthetic-' || i, ${BASE.team}::bigint + i, 'Synthetic Project ' || i,
          'Generated project number ' || i || ' for benchmarks.', '## Synthetic project ' || i || E'\n\nGenerated for load tests.',
          'mod', case when i % 50 = 0 then 'draft' else 'approved' end, 'approved', 'MIT',
          now() - (i % 700) * interval '1 day', now() - (i % 90) * interval '1 day', now() - (i % 700) * interval '1 day',
          (i::bigint * 7919) % 1000000, (i::bigint * 104729) % 5000, 'required', 'optional'
        from generate_series(${from}::int, ${to}::int) i`);
      await tx.execute(sql`insert into threads (id, type, project_id) select ${BASE.thread}::bigint + i, 'project', ${BASE.project}::bigint + i from generate_series(${from}::int, ${to}::int) i`);
      await tx.execute(sql`insert into project_categories (project_id, category, additional)
        select ${BASE.project}::bigint + i, (array['utility','technology','adventure','magic','decoration','optimization'])[1 + i % 6], false
        from generate_series(${from}::int, ${to}::int) i`);
      // Three versions per project (v = 0..2), newest last; loaders and game versions vary.
      await tx.execute(sql`insert into versions (id, project_id, author_id, name, version_number, changelog, version_type, status, featured,
          date_published, downloads, loaders, game_versions, environment, project_types)
        select ${BASE.version}::bigint + i * 3 + v, ${BASE.project}::bigint + i, ${owner!.id}::bigint,
          'Release ' || v || '.0', v || '.' || (i % 10) || '.0', 'Changes in ' || v || '.0', case when v = 2 and i % 4 = 0 then 'beta' else 'release' end,
          'listed', v = 2, now() - (i % 700) * interval '1 day' + v * interval '1 day', (i * 31 + v) % 100000,
          (${loaderSets})[1 + (i + v) % ${LOADER_SETS.length}]::text[], (${gameVersionSets})[1 + (i + v) % ${GAME_VERSIONS.length}]::text[],
          'client_and_server', array['mod']
        from generate_series(${from}::int, ${to}::int) i, generate_series(0, 2) v`);
      await tx.execute(sql`insert into version_files (id, version_id, blob_key, filename, size, sha1, sha512, "primary")
        select ${BASE.file}::bigint + i * 3 + v, ${BASE.version}::bigint + i * 3 + v, (${blobArray})[1 + (i + v) % 3],
          'synthetic-' || i || '-' || v || '.0.jar', 1024 + i % 4096,
          left(encode(sha256(('sha1:' || i || ':' || v)::bytea), 'hex'), 40), encode(sha512(('sha512:' || i || ':' || v)::bytea), 'hex'), true
        from generate_series(${from}::int, ${to}::int) i, generate_series(0, 2) v`);
    });
    print(`  ${to.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} projects (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`analyze projects; analyze versions; analyze version_files; analyze team_members`);
  const added = count - existing;
  print(`Seeded ${added} synthetic projects, ${added * 3} versions and ${added * 3} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Hashes of synthetic file `v` of project `i`, as the seed computed them (for benchmarks). */
export function syntheticFileHashQuery(projects: readonly number[]) {
  return sql`select left(encode(sha256(('sha1:' || i || ':' || v)::bytea), 'hex'), 40) as sha1,
      encode(sha512(('sha512:' || i || ':' || v)::bytea), 'hex') as sha512
    from unnest(${sql.raw(`array[${projects.join(',')}]::int[]`)}) i, generate_series(0, 2) v`;
}
