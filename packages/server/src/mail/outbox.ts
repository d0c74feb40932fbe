import type { Database } from '@benchside/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { App } from '../create-server.ts';
import type { Mailer } from './mailer.ts';
import type { MailTemplateInput } from './templates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

export interface MailOutboxSettings {
  /** How often due rows are looked for when nothing kicks the sender. */
  pollIntervalMs: number;
  /** How long a claimed row stays reserved for its sender; far above the mailer's own time-outs. */
  leaseMs: number;
  /** The first retry's delay; each later one doubles, up to `maxRetryDelayMs`. */
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
  /** Delivery attempts before a row is marked failed. */
  maxAttempts: number;
  /** Rows one pass claims. */
  batchSize: number;
}

/** Eight attempts over about an hour (30 s, 1, 2, 4, 8, 16 and 32 min apart). */
export const DEFAULT_MAIL_OUTBOX_SETTINGS: MailOutboxSettings = {
  pollIntervalMs: 2000,
  leaseMs: 5 * 60 * 1000,
  firstRetryDelayMs: 30 * 1000,
  maxRetryDelayMs: 60 * 60 * 1000,
  maxAttempts: 8,
  batchSize: 20,
};

/**
 * A kick finds the rows of a transaction on PGlite at once (its one connection serves the pass only
 * after the commit) but may run before the commit on PostgreSQL; one more look shortly after
 * catches those without waiting for the poll.
 */
const KICK_RECHECK_MS = 100;

/** Every running sender of this process, told when a row is written. */
const runningOutboxes = new Set<MailOutbox>();

/**
 * Queues one e-mail in the caller's transaction (or at once with the plain database handle): it is
 * sent after the commit, never if the transaction rolls back, and no SMTP server is ever waited for.
 */
export async function enqueueMail(
  executor: Kysely<Database>,
  to: string,
  input: MailTemplateInput,
): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .values({ recipient: to, kind: input.kind, content: JSON.stringify(input) })
    .execute();
  for (const outbox of runningOutboxes) outbox.kick();
}

export interface MailOutbox {
  /** Starts polling and listening for newly queued mail. */
  start(): void;
  /** Delivers the due rows soon (the pass runs after any open transaction on PGlite). */
  kick(): void;
  /** One pass: claims due rows, sends them and records each outcome; answers how many it claimed. */
  deliverDue(): Promise<number>;
  /** Runs passes until none is due (tests read the inbox after this). */
  flush(): Promise<void>;
  /**
   * Claims nothing more, lets the deliveries under way finish and mark their rows, and hands the
   * rest of its claimed rows back (due at once, the attempt uncounted) for another node or the next
   * start: nothing is sent twice. The mailer's own time-outs bound the wait.
   */
  stop(): Promise<void>;
}

interface ClaimedMail {
  id: string;
  recipient: string;
  kind: string;
  content: unknown;
  attempts: number;
  /** A bigint, as text. */
  write_order: string;
}

function errorMessage(error: unknown): string {
  // The mailer wraps transport errors; the cause says what the SMTP server did.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000);
}

/**
 * The sender of one process. Several processes on one database share the outbox: a row is claimed
 * with FOR UPDATE SKIP LOCKED and its lease written in the same statement, so two senders never
 * claim the same row, and a sender that dies leaves rows that become due again when the lease ends.
 * A crash between the SMTP hand-off and the `sent` mark sends that one mail again: never lost, at
 * worst twice.
 */
export function createMailOutbox(options: {
  db: Kysely<Database>;
  mailer: Pick<Mailer, 'sendTemplate'>;
  logger?: FastifyBaseLogger;
  settings?: Partial<MailOutboxSettings>;
}): MailOutbox {
  const { db, mailer, logger } = options;
  const settings = { ...DEFAULT_MAIL_OUTBOX_SETTINGS, ...options.settings };
  const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;
  const timers = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let passWanted = false;
  let stopped = true;
  /** Set by stop(); unlike `stopped`, which is also true before start(), it ends passes under way. */
  let draining = false;

  const claim = (): Promise<ClaimedMail[]> =>
    db
      .updateTable('mail_outbox')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: fromNow(settings.leaseMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('next_attempt_at')
          .limit(settings.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'recipient', 'kind', 'content', 'attempts', 'write_order'])
      .execute();

  const recordFailure = async (mail: ClaimedMail, error: unknown): Promise<void> => {
    const lastError = errorMessage(error);
    const context = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: lastError };
    if (mail.attempts >= settings.maxAttempts) {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', failed_at: sql<Date>`now()`, last_error: lastError })
        .where('id', '=', mail.id)
        .execute();
      logger?.error(context, 'An e-mail could not be delivered and was marked failed');
      return;
    }
    const delayMs = Math.min(settings.firstRetryDelayMs * 2 ** (mail.attempts - 1), settings.maxRetryDelayMs);
    await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: fromNow(delayMs), last_error: lastError })
      .where('id', '=', mail.id)
      .execute();
    logger?.warn({ ...context, retryInMs: delayMs }, 'An e-mail could not be delivered; it will be retried');
  };

  const deliver = async (mail: ClaimedMail): Promise<void> => {
    try {
      // Only enqueueMail writes `content`, always a template input.
      await mailer.sendTemplate(mail.recipient, mail.content as MailTemplateInput);
    } catch (error) {
      await recordFailure(mail, error);
      return;
    }
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, content: null, last_error: null })
      .where('id', '=', mail.id)
      .execute();
  };

  const release = async (mails: ClaimedMail[]): Promise<void> => {
    await db
      .updateTable('mail_outbox')
      .set({ attempts: sql`attempts - 1`, next_attempt_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        mails.map((mail) => mail.id),
      )
      .where('status', '=', 'pending')
      .execute();
  };

  const deliverDue = async (): Promise<number> => {
    if (draining) return 0;
    const claimed = await claim();
    // One recipient's mails leave in the order they were written (a reset link after the
    // verification, never before it: a reader opens the newest); different recipients' side by side.
    const byRecipient = new Map<string, ClaimedMail[]>();
    for (const mail of claimed.toSorted((a, b) => Number(BigInt(a.write_order) - BigInt(b.write_order)))) {
      const mailbox = mail.recipient.toLowerCase();
      byRecipient.set(mailbox, [...(byRecipient.get(mailbox) ?? []), mail]);
    }
    await Promise.all(
      [...byRecipient.values()].map(async (mails) => {
        for (const [index, mail] of mails.entries()) {
          // After the mail before it is out, so the next sender keeps the recipient's order.
          if (draining) return release(mails.slice(index));
          await deliver(mail);
        }
      }),
    );
    return claimed.length;
  };

  /** One pass at a time; a request for a pass during one runs another right after it. */
  const runPasses = (): Promise<void> => {
    passWanted = true;
    if (running) return running;
    running = (async () => {
      while (passWanted && !draining) {
        passWanted = false;
        // A full batch may have left more due rows behind.
        if ((await deliverDue()) === settings.batchSize) passWanted = true;
      }
    })()
      .catch((error: unknown) => logger?.error({ err: error }, 'The mail outbox pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const later = (ms: number, action: () => void): void => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const poll = (): void => {
    if (stopped) return;
    void runPasses().then(() => later(settings.pollIntervalMs, poll));
  };

  const outbox: MailOutbox = {
    start() {
      if (!stopped) return;
      stopped = false;
      runningOutboxes.add(outbox);
      poll();
    },
    kick() {
      if (stopped) return;
      void runPasses();
      later(KICK_RECHECK_MS, () => void runPasses());
    },
    deliverDue,
    async flush() {
      await runPasses();
    },
    async stop() {
      stopped = true;
      draining = true;
      runningOutboxes.delete(outbox);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
  return outbox;
}

/** The app's sender: started when the app is ready, stopped when it closes; `app.mailOutbox`. */
export function registerMailOutbox(app: App, db: Kysely<Database>, mailer: Mailer): void {
  const outbox = createMailOutbox({ db, mailer, logger: app.log.child({ name: 'mail-outbox' }) });
  app.decorate('mailOutbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
}
