import { loadConfigOrExit } from './config.js';
import { createFileStore } from './lib/storage/create-file-store.js';
import { seedDemoCatalogue } from './db/seed/demo-catalogue.js';
import { seedSyntheticCatalogue } from './db/seed/synthetic-catalogue.js';
import { consoleLogger } from './embedded/process-utils.js';
import { createProgressBar } from './lib/progress.js';
import { reindexAll } from './modules/search/reindex.js';
import { seedReferenceData } from './db/seed/reference-data.js';
import { openRuntime, type Runtime } from './runtime.js';
import { desc, sql } from 'drizzle-orm';
import { USER_ROLES } from '@cairn/shared/constants/permissions';
import { users } from './db/schema/users.js';
import { mailOutbox } from './db/schema/auth.js';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { createBackup } from './backup/backup.js';
import { restoreBackup } from './backup/restore.js';
import { EmailSchema, PasswordSchema } from '@cairn/shared/schemas/auth';
import { UsernameSchema } from '@cairn/shared/schemas/common';
import type { Config } from './config.js';
import { startJobRunner, type JobRunner } from './lib/jobs/job-runner.js';
import { JOBS } from './worker/jobs.js';
import { noCaptcha } from './lib/captcha.js';
import { ApiError } from './lib/errors.js';
import { createMailer } from './lib/mail/create-mailer.js';
import { createMessages } from './lib/mail/messages.js';
import { assertStrongPassword, createAuthService } from './modules/auth/auth.service.js';

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

/** Validates like the sign-up form does, with readable messages. */
function checked<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, what: string, value: string | undefined): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Invalid ${what}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  return result.data;
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
  'create-user': {
    usage: 'create-user <username> <email> <password> [--verified]',
    summary: 'Create an account (same rules as sign-up); without --verified a verification mail is sent.',
    run: async (runtime, args, config) => {
      const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { verified: { type: 'boolean', default: false } } });
      if (positionals.length !== 3) throw new Error('Usage: create-user <username> <email> <password> [--verified]');
      const username = checked(UsernameSchema, 'username', positionals[0]);
      const email = checked(EmailSchema, 'email', positionals[1]);
      const password = checked(PasswordSchema, 'password', positionals[2]);
      let jobs: JobRunner | undefined;
      try {
        // With SMTP, mail is handed to the delivery job; this process only enqueues it (runs no handler, so needs no payment provider).
        if (config.mail.smtpUrl && !values.verified) {
          jobs = await startJobRunner({ databaseUrl: runtime.services.databaseUrl, jobs: JOBS, deps: { db: runtime.database.db, search: runtime.search, config, files: await createFileStore(config), payments: undefined }, work: false, log: consoleLogger });
        }
        const db = runtime.database.db;
        const log = { info: (object: Record<string, unknown>) => object.link && console.log(`Verification link: ${String(object.link)}`), error: () => {} };
        const auth = createAuthService({ db, mailer: createMailer({ config, db, log, jobs }), messages: createMessages({ siteUrl: config.publicSiteUrl }), captcha: noCaptcha, log });
        await assertStrongPassword(password, [username, email]);
        await auth.registerAccount({ username, email, password, newsletter: false, emailVerified: values.verified });
        console.log(`Created ${username} <${email}>${values.verified ? ' (email verified)' : ', verification mail sent'}.`);
      } catch (error) {
        throw error instanceof ApiError ? new Error(error.description) : error;
      } finally {
        await jobs?.stop();
      }
    },
  },
  'verify-email': {
    usage: 'verify-email <username>',
    summary: "Mark a user's email address as verified.",
    run: async (runtime, args) => {
      const [username] = args;
      if (!username || args.length !== 1) throw new Error('Usage: verify-email <username>');
      const updated = await runtime.database.db
        .update(users)
        .set({ emailVerified: true })
        .where(sql`lower(${users.username}) = lower(${username}) and ${users.email} is not null`)
        .returning({ username: users.username, email: users.email });
      if (updated.length === 0) throw new Error(`No user named '${username}' with an email address.`);
      console.log(`${updated[0]!.username}'s email address ${updated[0]!.email} is verified.`);
    },
  },
  outbox: {
    usage: 'outbox [email]',
    summary: 'Show the latest mail in the outbox (with verification and reset links), optionally to one address.',
    run: async (runtime, args) => {
      const [address] = args;
      const rows = await runtime.database.db
        .select({ created: mailOutbox.created, recipient: mailOutbox.recipient, subject: mailOutbox.subject, link: mailOutbox.link, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(address ? sql`lower(${mailOutbox.recipient}) = lower(${address})` : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(20);
      if (rows.length === 0) console.log(address ? `No mail to ${address}.` : 'The outbox is empty.');
      for (const row of rows.reverse()) {
        console.log(`${row.created.toISOString()}  ${row.recipient}  ${row.subject}${row.sentAt ? '  (sent)' : ''}${row.link ? `\n    ${row.link}` : ''}`);
      }
    },
  },
  backup: {
    usage: 'backup <folder>',
    summary: 'Write a consistent backup of the database and of every stored file the database refers to into an empty folder (the search index is rebuilt on restore).',
    run: async (runtime, args, config) => {
      const [folder] = args;
      if (!folder) throw new Error('Usage: backup <folder>');
      const bar = createProgressBar();
      const manifest = await createBackup({ db: runtime.database.db, files: await createFileStore(config) }, resolve(folder), (phase, done, total) =>
        bar.update(phase, done, total),
      );
      bar.done();
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      console.log(`Backed up ${manifest.tables.length} tables (${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}) and ${manifest.files.length.toLocaleString('en-US')} files to ${resolve(folder)}.`);
    },
  },
  restore: {
    usage: 'restore <folder>',
    summary: "Replace the database's contents with a backup, add its files and rebuild the search index. Stop the product first (or restart it afterwards): running processes keep cached reads.",
    run: async (runtime, args, config) => {
      const [folder] = args;
      if (!folder) throw new Error('Usage: restore <folder>');
      const bar = createProgressBar();
      const manifest = await restoreBackup({ db: runtime.database.db, files: await createFileStore(config) }, resolve(folder), (phase, done, total) =>
        bar.update(phase, done, total),
      );
      const result = await reindexAll({ db: runtime.database.db, search: runtime.search, indexPrefix: config.search.indexPrefix }, (p) =>
        bar.update(`search ${p.phase}`, p.done, p.total),
      );
      bar.done();
      console.log(`Restored ${manifest.tables.length} tables and ${manifest.files.length.toLocaleString('en-US')} files from the backup of ${manifest.created}; ${result.projects.toLocaleString('en-US')} projects indexed.`);
    },
  },
  seed: {
    usage: 'seed [--demo | --synthetic <count>]',
    summary:
      'Insert the reference data (loaders, categories, game versions, licenses…) into empty tables; --demo adds the demo catalogue, --synthetic <count> that many generated projects (3 versions each) for benchmarks.',
    run: async (runtime, args, config) => {
      const { values } = parseArgs({ args, options: { demo: { type: 'boolean' }, synthetic: { type: 'string' } } });
      await seedReferenceData(runtime.database.db, consoleLogger);
      const files = await createFileStore(config);
      if (values.demo) await seedDemoCatalogue(runtime.database.db, files, config, consoleLogger);
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
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`Unknown command '${name}'.\n`);
    printHelp();
    return 1;
  }
  const config = loadConfigOrExit();
  const quiet = { ...consoleLogger, info: () => {} };
  const runtime = await openRuntime(config, quiet, { shareRunning: true, applicationName: 'cairn-cli', workload: 'jobs' });
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
