import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDiskFileStore } from './lib/storage/file-store.js';
import { seedDemoCatalogue } from './db/seed/demo-catalogue.js';
import { seedSyntheticCatalogue } from './db/seed/synthetic-catalogue.js';
import { consoleLogger } from './embedded/process-utils.js';
import { createProgressBar } from './lib/progress.js';
import { reindexAll } from './modules/search/reindex.js';
import { seedReferenceData } from './db/seed/reference-data.js';
import { openRuntime, type Runtime } from './runtime.js';
import { sql } from 'drizzle-orm';
import { USER_ROLES } from '@cairn/shared/constants/permissions';
import { users } from './db/schema/users.js';

/**
 * Admin commands: `npm run cli -- <command>`. They work against the same database as a
 * running `npm start` with the same CAIRN_DATA_DIR (joining its embedded servers), or
 * start the embedded servers for the duration of the command.
 */
interface Command {
  usage: string;
  summary: string;
  run(runtime: Runtime, args: string[], config: Config): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  migrate: {
    usage: 'migrate',
    summary: 'Apply pending database migrations (also done by every start).',
    run: async () => {
      console.log('Migrations are up to date.');
    },
  },
  'set-role': {
    usage: 'set-role <username> <developer|moderator|admin>',
    summary: "Change a user's role.",
    run: async (runtime, args) => {
      const [username, role] = args;
      if (!username || !role || !(USER_ROLES as readonly string[]).includes(role)) {
        throw new Error('Usage: set-role <username> <developer|moderator|admin>');
      }
      const updated = await runtime.database.db
        .update(users)
        .set({ role })
        .where(sql`lower(${users.username}) = lower(${username})`)
        .returning({ username: users.username });
      if (updated.length === 0) throw new Error(`No user named '${username}'.`);
      console.log(`${updated[0]!.username} is now ${role}.`);
    },
  },
  reindex: {
    usage: 'reindex',
    summary: 'Rebuild the search index from the database into a new index and swap it in atomically (searches keep working meanwhile).',
    run: async (runtime, _args, config) => {
      const bar = createProgressBar();
      const units = { reading: 'projects', indexing: 'batches', swapping: 'swap' } as const;
      const result = await reindexAll(
        { db: runtime.database.db, search: runtime.search, indexPrefix: config.search.indexPrefix },
        (p) => bar.update(`${p.phase} ${units[p.phase]}`, p.done, p.total),
      );
      bar.done();
      console.log(`Indexed ${result.projects.toLocaleString('en-US')} projects (${result.documents.toLocaleString('en-US')} documents) in ${result.seconds.toFixed(1)} s.`);
    },
  },
  seed: {
    usage: 'seed [--demo | --synthetic <count>]',
    summary:
      'Insert the reference data (loaders, categories, game versions, licenses…) into empty tables; --demo adds the demo catalogue, --synthetic <count> that many generated projects (3 versions each) for benchmarks.',
    run: async (runtime, args, config) => {
      const { values } = parseArgs({ args, options: { demo: { type: 'boolean' }, synthetic: { type: 'string' } } });
      await seedReferenceData(runtime.database.db, consoleLogger);
      const files = createDiskFileStore(config.filesDir);
      if (values.demo) await seedDemoCatalogue(runtime.database.db, files, consoleLogger);
      if (values.synthetic !== undefined) {
        const count = Number(values.synthetic);
        if (!Number.isInteger(count) || count < 1) throw new Error('Usage: seed --synthetic <count> (a positive whole number)');
        await seedSyntheticCatalogue(runtime.database.db, files, count, (line) => console.log(line));
      }
    },
  },
};

function printHelp(): void {
  console.log('Usage: npm run cli -- <command> [arguments]\n\nCommands:');
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  for (const command of Object.values(COMMANDS)) console.log(`  ${command.usage.padEnd(width)}  ${command.summary}`);
}

async function main(): Promise<number> {
  // Each command parses its own arguments (node:util parseArgs).
  const [name, ...args] = process.argv.slice(2);
  if (!name || name === 'help') {
    printHelp();
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command '${name}'.\n`);
    printHelp();
    return 1;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const quiet = { ...consoleLogger, info: () => {} };
  const runtime = await openRuntime(config, quiet, { shareRunning: true, applicationName: 'cairn-cli' });
  try {
    await command.run(runtime, args, config);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await runtime.close();
  }
}

process.exitCode = await main();
