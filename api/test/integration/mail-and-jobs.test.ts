import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../harness.js';
import { createSessionToken, insertUser } from '../factories/users.js';
import { mailTo } from '../factories/mail.js';
import { authFlows, sessions } from '../../src/db/schema/auth.js';
import { hashToken } from '../../src/lib/tokens.js';
import { authCleanupJob } from '../../src/modules/auth/auth.jobs.js';
import { sessionsCleanupJob } from '../../src/modules/sessions/sessions.jobs.js';
import { plainMail, recordMail } from '../../src/lib/mail/mailer.js';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server on loopback that accepts every message and hands it to `onMail`. */
function smtpServer(onMail: (mail: ReceivedMail) => void): Server {
  return createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 loopback test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            onMail(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'MAIL') mail.from = line;
        if (command === 'RCPT') mail.to.push(line);
        if (command === 'DATA') inData = true;
        reply(command === 'DATA' ? '354 go ahead' : command === 'QUIT' ? '221 bye' : '250 ok');
        if (command === 'QUIT') socket.end();
      }
    });
  });
}

let ctx: TestContext;
let smtp: Server;
const received: ReceivedMail[] = [];
const waiters: Array<() => void> = [];

beforeAll(async () => {
  smtp = smtpServer((mail) => {
    received.push(mail);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.address() as { port: number }).port;
  ctx = await createTestContext({
    jobs: true,
    env: { PUBLIC_SITE_URL: 'http://site.test', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cairn <hello@site.test>' },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => smtp.close(resolve));
});

/** Resolves once the SMTP server has received a message to `address`. */
function mailArrivesFor(address: string): Promise<ReceivedMail> {
  return new Promise((resolve) => {
    const check = () => {
      const found = received.find((m) => m.to.some((to) => to.includes(address)));
      if (found) resolve(found);
      else waiters.push(check);
    };
    check();
  });
}

describe('SMTP delivery', () => {
  it('records the message in the outbox and delivers it through the job', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'Posted', email: 'posted@mail.test', password: 'quiet-lantern-harbour-47' },
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await mailArrivesFor('posted@mail.test');
    expect(mail.from).toContain('hello@site.test');
    expect(mail.data).toContain('Subject: Confirm your email address');
    const [row] = await mailTo(ctx.database.db, 'posted@mail.test', 'verify_email');
    expect(row!.link).toMatch(/^http:\/\/site\.test\/auth\/verify-email\?flow=/);
    // Quoted-printable may wrap the link; the flow id itself is on one line.
    expect(mail.data).toContain(new URL(row!.link!).searchParams.get('flow')!);
  });
});

describe('mail written by a transaction (billing, digests)', () => {
  it('is delivered once the transaction commits, with its text escaped in the HTML', async () => {
    const text = 'Hello <Ada>,\n\nWe could not charge 4.99 USD for "your server".\nUpdate your payment method.';
    await ctx.database.db.transaction((tx) => recordMail(tx, plainMail('billing-mail@mail.test', 'payment_failed', 'Your Cairn payment failed', text), ctx.jobs));
    const mail = await mailArrivesFor('billing-mail@mail.test');
    expect(mail.data).toContain('Subject: Your Cairn payment failed');
    const [row] = await mailTo(ctx.database.db, 'billing-mail@mail.test', 'payment_failed');
    expect(row).toBeDefined();
  });

  it('is neither recorded nor delivered when the transaction rolls back', async () => {
    const failing = ctx.database.db.transaction(async (tx) => {
      await recordMail(tx, plainMail('rolled-back@mail.test', 'payment_failed', 'Never sent', 'Never sent.'), ctx.jobs);
      throw new Error('the change failed');
    });
    await expect(failing).rejects.toThrow('the change failed');
    expect(await mailTo(ctx.database.db, 'rolled-back@mail.test', 'payment_failed')).toEqual([]);
    // A message sent afterwards arrives while the rolled-back one never does (delivery is in order of queueing).
    await ctx.database.db.transaction((tx) => recordMail(tx, plainMail('after-rollback@mail.test', 'payment_failed', 'Sent', 'Sent.'), ctx.jobs));
    await mailArrivesFor('after-rollback@mail.test');
    expect(received.some((m) => m.to.some((to) => to.includes('rolled-back@mail.test')))).toBe(false);
  });
});

describe('the daily clean-up jobs (sessions, auth flows)', () => {
  it('deletes sessions past their refresh deadline and expired flows, keeping the rest', async () => {
    const db = ctx.database.db;
    const user = await insertUser(db);
    const live = await createSessionToken(db, user.id);
    const refreshable = await createSessionToken(db, user.id, -1000);
    const dead = await createSessionToken(db, user.id, -1000);
    await db.update(sessions).set({ refreshExpires: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(dead)));
    await db.insert(authFlows).values([
      { id: 'cleanup-live', kind: 'verify_email', userId: user.id, expires: new Date(Date.now() + 60_000) },
      { id: 'cleanup-expired', kind: 'verify_email', userId: user.id, expires: new Date(Date.now() - 1000) },
    ]);

    const deps = { db, search: ctx.search, config: ctx.config, files: ctx.files };
    await sessionsCleanupJob.handle(deps, []);
    await authCleanupJob.handle(deps, []);

    const remaining = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(remaining.map((r) => r.tokenHash).sort()).toEqual([hashToken(live), hashToken(refreshable)].sort());
    const flows = await db.select({ id: authFlows.id }).from(authFlows).where(eq(authFlows.userId, user.id));
    expect(flows.map((f) => f.id)).toEqual(['cleanup-live']);
  });
});
