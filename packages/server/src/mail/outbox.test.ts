import type { Database } from '@benchside/db/database';
import type { DatabaseHandle } from '@benchside/db/open-database';
import { openTestDatabase } from '@benchside/db/test-database';
import { type Kysely, sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from './mailer.ts';
import { createMailOutbox, enqueueMail } from './outbox.ts';
import type { MailTemplateInput } from './templates.ts';

const NOTICE: MailTemplateInput = { kind: 'passwordChanged', language: 'en', name: 'Ann' };
const LATER_NOTICE: MailTemplateInput = { kind: 'twoFactorDisabled', language: 'en', name: 'Ann' };

/** Seconds from the database's clock to a row's next attempt. */
async function secondsUntilDue(db: Kysely<Database>, recipient: string): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(sql<number>`extract(epoch from next_attempt_at - now())::float8`.as('seconds'))
    .where('recipient', '=', recipient)
    .executeTakeFirstOrThrow();
  return row.seconds;
}

/** Makes every pending row due, as time passing would. */
async function makeDue(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
}

describe('the mail outbox', () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await db.deleteFrom('mail_outbox').execute();
  });

  it('delivers the mail of a committed transaction, never one of a rolled-back one, and then forgets its content', async () => {
    const mailer = await createMailer({
      demo: true,
      smtpUrl: null,
      mailFrom: 'Benchside <no-reply@localhost>',
      publicUrl: 'https://portal.example.test',
    });
    const outbox = createMailOutbox({ db, mailer });
    try {
      await db.transaction().execute((trx) => enqueueMail(trx, 'kept@example.test', NOTICE));
      await expect(
        db.transaction().execute(async (trx) => {
          await enqueueMail(trx, 'rolled-back@example.test', NOTICE);
          throw new Error('the transaction fails after queueing its mail');
        }),
      ).rejects.toThrow('the transaction fails');
      await outbox.flush();

      expect(mailer.catcher?.list().map((mail) => mail.to)).toEqual([['kept@example.test']]);
      const rows = await db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        recipient: 'kept@example.test',
        status: 'sent',
        attempts: 1,
        content: null,
      });
      expect(rows[0]?.sent_at).toBeInstanceOf(Date);
    } finally {
      await outbox.stop();
      await mailer.close();
    }
  });

  it('retries with exponential backoff, then marks the mail failed and logs it with its id', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const failingMailer: Pick<Mailer, 'sendTemplate'> = {
      sendTemplate: () => Promise.reject(new Error('450 mailbox busy')),
    };
    const outbox = createMailOutbox({
      db,
      mailer: failingMailer,
      logger,
      settings: { firstRetryDelayMs: 60_000, maxRetryDelayMs: 150_000, maxAttempts: 4 },
    });
    await enqueueMail(db, 'busy@example.test', NOTICE);

    expect(await outbox.deliverDue()).toBe(1);
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeGreaterThan(55);
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeLessThanOrEqual(60);
    // Not due again before its retry time.
    expect(await outbox.deliverDue()).toBe(0);

    await makeDue(db);
    expect(await outbox.deliverDue()).toBe(1);
    // Twice the first delay, below the cap.
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeGreaterThan(115);
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeLessThanOrEqual(120);

    await makeDue(db);
    expect(await outbox.deliverDue()).toBe(1);
    // Four times the first delay would pass the cap.
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeGreaterThan(145);
    expect(await secondsUntilDue(db, 'busy@example.test')).toBeLessThanOrEqual(150);

    await makeDue(db);
    expect(await outbox.deliverDue()).toBe(1);
    const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 4,
      last_error: '450 mailbox busy',
      sent_at: null,
    });
    expect(row.failed_at).toBeInstanceOf(Date);
    // Kept, content and all, for an operator to look at or send again.
    expect(row.content).toEqual(NOTICE);
    await makeDue(db);
    expect(await outbox.deliverDue()).toBe(0);

    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; mailId?: string });
    expect(logged.filter((entry) => entry.level === 40 && entry.mailId === row.id)).toHaveLength(3);
    expect(logged.filter((entry) => entry.level === 50 && entry.mailId === row.id)).toEqual([
      expect.objectContaining({ msg: 'An e-mail could not be delivered and was marked failed' }),
    ]);
  });

  it("sends one recipient's mails in the order they were written, even two of one transaction", async () => {
    const delivered: string[] = [];
    const recordingMailer: Pick<Mailer, 'sendTemplate'> = {
      async sendTemplate(to, input) {
        delivered.push(`${to} ${input.kind}`);
      },
    };
    // Written in one transaction, the two rows share its now(): only the write order tells them apart.
    for (let round = 0; round < 5; round += 1) {
      await db.transaction().execute(async (trx) => {
        await enqueueMail(trx, `ordered${round}@example.test`, LATER_NOTICE);
        await enqueueMail(trx, `ordered${round}@example.test`, NOTICE);
      });
    }
    await createMailOutbox({ db, mailer: recordingMailer }).deliverDue();

    expect(delivered).toHaveLength(10);
    for (let round = 0; round < 5; round += 1) {
      expect(delivered.filter((line) => line.startsWith(`ordered${round}@`))).toEqual([
        `ordered${round}@example.test twoFactorDisabled`,
        `ordered${round}@example.test passwordChanged`,
      ]);
    }
  });

  it('lets two senders share the outbox without delivering any mail twice', async () => {
    const delivered: string[] = [];
    const recordingMailer: Pick<Mailer, 'sendTemplate'> = {
      async sendTemplate(to) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        delivered.push(to);
      },
    };
    const recipients = Array.from({ length: 60 }, (_, index) => `shared${index}@example.test`);
    for (const recipient of recipients) await enqueueMail(db, recipient, NOTICE);
    const senders = [1, 2].map(() =>
      createMailOutbox({ db, mailer: recordingMailer, settings: { batchSize: 4 } }),
    );
    await Promise.all(
      senders.flatMap((sender) => [sender.flush(), sender.deliverDue(), sender.deliverDue()]),
    );

    expect(delivered.toSorted()).toEqual(recipients.toSorted());
    const statuses = await db.selectFrom('mail_outbox').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'sent' }]);
  });

  it('leaves a claimed mail to its sender until the lease ends, then another sender takes it over', async () => {
    const stuckMailer: Pick<Mailer, 'sendTemplate'> = { sendTemplate: () => new Promise(() => {}) };
    const delivered: string[] = [];
    const workingMailer: Pick<Mailer, 'sendTemplate'> = {
      async sendTemplate(to) {
        delivered.push(to);
      },
    };
    const crashed = createMailOutbox({ db, mailer: stuckMailer });
    const survivor = createMailOutbox({ db, mailer: workingMailer });
    await enqueueMail(db, 'orphan@example.test', NOTICE);

    // The first sender claims the row and never finishes (as if its process had died).
    void crashed.deliverDue();
    await expect.poll(() => secondsUntilDue(db, 'orphan@example.test')).toBeGreaterThan(60);
    expect(await survivor.deliverDue()).toBe(0);

    await makeDue(db);
    expect(await survivor.deliverDue()).toBe(1);
    expect(delivered).toEqual(['orphan@example.test']);
    const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('stops by finishing the delivery under way and handing the rest back, so each mail leaves once', async () => {
    const delivered: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstMayFinish = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const slowMailer: Pick<Mailer, 'sendTemplate'> = {
      async sendTemplate(to, input) {
        if (delivered.length === 0) await firstMayFinish;
        delivered.push(`${to} ${input.kind}`);
      },
    };
    await enqueueMail(db, 'drained@example.test', NOTICE);
    await enqueueMail(db, 'drained@example.test', LATER_NOTICE);
    const stopping = createMailOutbox({ db, mailer: slowMailer });
    stopping.start();
    await expect.poll(() => secondsUntilDue(db, 'drained@example.test')).toBeGreaterThan(60);

    let stopped = false;
    const stop = stopping.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    releaseFirst();
    await stop;

    expect(delivered).toEqual(['drained@example.test passwordChanged']);
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['kind', 'status', 'attempts'])
      .orderBy('write_order')
      .execute();
    expect(rows).toEqual([
      { kind: 'passwordChanged', status: 'sent', attempts: 1 },
      { kind: 'twoFactorDisabled', status: 'pending', attempts: 0 },
    ]);
    expect(await stopping.deliverDue()).toBe(0);

    // Due at once for the next sender, which delivers only what the stopped one left.
    const next = createMailOutbox({ db, mailer: slowMailer });
    expect(await next.deliverDue()).toBe(1);
    expect(delivered).toEqual([
      'drained@example.test passwordChanged',
      'drained@example.test twoFactorDisabled',
    ]);
  });
});
