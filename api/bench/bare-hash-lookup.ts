import { createServer, type Server } from 'node:http';
import type { Sql } from 'postgres';

/**
 * The hash routes' physical limit: a plain Node HTTP server (no framework, no hooks) that reads
 * the same JSON body, runs the same lookups as hand-written statements (the versions holding the
 * hashes with their project's status in one statement; for updates also the newest matching
 * version of each project) and writes the API's own answer, serialized once beforehand.
 */
export async function startBareHashLookup(sql: Sql, answers: { lookup: Buffer; update: Buffer }): Promise<Server> {
  const lookup = (hashes: string[]) => sql<{ project_id: string; status: string; project_status: string }[]>`
    select v.id::text, v.project_id::text, v.status, p.status as project_status
    from version_files f join versions v on v.id = f.version_id join projects p on p.id = v.project_id
    where f.sha1 = any(${hashes}::text[])
    order by v.date_published desc, v.id desc`;
  const latest = (projectIds: string[], body: { loaders?: string[]; game_versions?: string[]; version_types?: string[] }) => sql`
    select distinct on (v.project_id) v.project_id::text, v.id::text
    from versions v
    where v.project_id = any(${projectIds}::bigint[]) and v.status in ('listed', 'archived')
      and (${body.loaders ?? null}::text[] is null or v.loaders && ${body.loaders ?? null}::text[])
      and (${body.game_versions ?? null}::text[] is null or v.game_versions && ${body.game_versions ?? null}::text[])
      and (${body.version_types ?? null}::text[] is null or v.version_type = any(${body.version_types ?? null}::text[]))
    order by v.project_id, v.date_published desc, v.id desc`;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { hashes: string[]; loaders?: string[]; game_versions?: string[]; version_types?: string[] };
        const rows = await lookup(body.hashes);
        let answer = answers.lookup;
        if (request.url === '/v2/version_files/update') {
          await latest([...new Set(rows.map((row) => row.project_id))], body);
          answer = answers.update;
        }
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
        response.end(answer);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
