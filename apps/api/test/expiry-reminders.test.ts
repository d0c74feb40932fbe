import { cardSchema, creditSubscriptionsSchema } from '@benchside/contracts/cards';
import { collectionSchema } from '@benchside/contracts/common';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateCardProducts } from '../src/cards/card-store.ts';
import { DAY_MS } from '../src/expiry/due-reminders.ts';
import { runExpiryReminders } from '../src/expiry/reminder-job.ts';
import { seedCards } from '../src/seed/cards.ts';
import { call, errorOf, mailsTo, userOf } from './accounts-helpers.ts';

const KAI = { username: 'kai', email: 'kai@example.test', password: 'Kai#Bench2026', name: 'Kai' };
const LEA = { username: 'lea', email: 'lea@example.test', password: 'Lea#Bench2026', name: 'Lea' };

/** The seed's items end in about 5, 20 (a product and a credit pack) and 60 days. */
describe('expiry of cards, products and credits, and the reminder job', () => {
  let api: RunningApi;
  let secondNode: RunningApi;
  let kai: { id: string; cookie: string };
  let lea: { id: string; cookie: string };
  // After the seed, so "in 5 days" counts from a moment the seed's 5 days are just under.
  let now: Date;

  async function remindersOf(userId: string) {
    return api.db
      .selectFrom('expiry_reminders')
      .select(['item_kind', 'threshold_days', 'emailed'])
      .where('user_id', '=', userId)
      .orderBy('item_kind')
      .orderBy('threshold_days')
      .execute();
  }

  async function notificationsOf(userId: string): Promise<string[]> {
    const rows = await api.db
      .selectFrom('notification_to_users')
      .innerJoin('notifications', 'notifications.id', 'notification_to_users.notification_id')
      .select('notifications.message')
      .where('notification_to_users.user_id', '=', userId)
      .orderBy('notifications.message')
      .execute();
    return rows.map((row) => row.message);
  }

  beforeAll(async () => {
    api = await startApi();
    secondNode = await startApi({ sharing: api });
    // The nodes' own first runs happen at their start; this waits them out on the job's lock.
    await runExpiryReminders(api.db);
    const [kaiId, leaId] = await Promise.all([createUser(api.db, KAI), createUser(api.db, LEA)]);
    await seedCards(api.db, { id: kaiId, username: KAI.username });
    const leaCard = await api.db
      .insertInto('cards')
      .values({
        serial: 'BSC-000800',
        firmware_version: '2.1.0',
        expires_at: new Date(Date.now() + 3 * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('cards')
      .set({ user_id: leaId, assigned_at: new Date() })
      .where('id', '=', leaCard.id)
      .execute();
    now = new Date();
    kai = { id: kaiId, cookie: await signIn(api, KAI.username, KAI.password) };
    lea = { id: leaId, cookie: await signIn(api, LEA.username, LEA.password) };
  });
  afterAll(async () => {
    await secondNode.close();
    await api.close();
  });

  it('adds the expiry to the card and credit answers without changing their shape', async () => {
    const cards = collectionSchema(cardSchema).parse(
      await (await call(api, 'GET', '/api/cards', { cookie: kai.cookie })).json(),
    );
    const [first, second] = cards.member;
    expect(first?.expiresAt?.slice(0, 10)).toBe(
      new Date(now.getTime() + 60 * DAY_MS).toISOString().slice(0, 10),
    );
    expect(second?.expiresAt).toBeNull();
    const dataRescue = second?.products.find((product) => product.id === 'data-rescue');
    expect(dataRescue).toEqual({
      id: 'data-rescue',
      name: 'Data Rescue',
      activatedAt: null,
      expiresAt: null,
      validDays: 365,
    });
    expect(second?.products.find((product) => product.id === 'frp-tool')?.expiresAt).not.toBeNull();
    const credits = creditSubscriptionsSchema.parse(
      await (await call(api, 'GET', '/api/user-credit-subscriptions', { cookie: kai.cookie })).json(),
    );
    expect(credits.member.filter((pack) => pack.validUntil !== null)).toHaveLength(3);
  });

  it('takes the e-mail opt-out in the settings call and refuses a malformed one', async () => {
    const patch = (body: unknown) =>
      call(api, 'PATCH', `/api/users/edit/${lea.id}`, {
        cookie: lea.cookie,
        body,
        contentType: 'application/merge-patch+json',
      });
    const bad = await patch({ expiryReminderEmails: 'no' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).not.toMatch(/at |Error:/);
    const saved = await patch({ expiryReminderEmails: false });
    expect(saved.status).toBe(200);
    expect((await userOf(saved)).expiryReminderEmails).toBe(false);
    expect(
      (await userOf(await call(api, 'GET', '/api/me', { cookie: lea.cookie }))).expiryReminderEmails,
    ).toBe(false);
    expect(
      (await userOf(await call(api, 'GET', '/api/me', { cookie: kai.cookie }))).expiryReminderEmails,
    ).toBe(true);
  });

  const mailsOfBothNodes = async (address: string) => [
    ...(await mailsTo(api, address)),
    ...(await mailsTo(secondNode, address)),
  ];

  it('sends each due reminder once when two nodes run the job at the same moment', async () => {
    const runs = await Promise.all([runExpiryReminders(api.db, now), runExpiryReminders(secondNode.db, now)]);
    // Kai: the 5-day product (7 days), the 20-day product and pack (30 days); Lea: her card (7 days).
    expect(runs[0] + runs[1]).toBe(4);
    expect(await remindersOf(kai.id)).toEqual([
      { item_kind: 'credit', threshold_days: 30, emailed: true },
      { item_kind: 'product', threshold_days: 7, emailed: true },
      { item_kind: 'product', threshold_days: 30, emailed: true },
    ]);
    const kaiNotes = await notificationsOf(kai.id);
    expect(kaiNotes).toHaveLength(3);
    expect(kaiNotes).toContainEqual(
      expect.stringMatching(/^FRP Tool on card BSC-000102 expires in 5 days, on \w{3} \d{1,2}, \d{4}\.$/),
    );
    // Either node's outbox may deliver a reminder, each to its own mail catcher.
    const mails = await mailsOfBothNodes(KAI.email);
    expect(
      mails.filter((mail) => mail.subject === 'A licence or credit pack of yours is about to expire'),
    ).toHaveLength(3);
  });

  it('sends the notification but no e-mail to a user who opted out', async () => {
    expect(await remindersOf(lea.id)).toEqual([{ item_kind: 'card', threshold_days: 7, emailed: false }]);
    expect(await notificationsOf(lea.id)).toEqual([
      expect.stringMatching(/^The support licence of card BSC-000800 expires in 3 days, on /),
    ]);
    expect(await mailsOfBothNodes(LEA.email)).toEqual([]);
  });

  it('sends nothing again after a restart, and only the nearest threshold later on', async () => {
    const restarted = await startApi({ sharing: api });
    try {
      expect(await runExpiryReminders(restarted.db, now)).toBe(0);
      // Fifty days on: the 60-day card is 10 days away (30 days, never sent); the rest has ended.
      expect(await runExpiryReminders(restarted.db, new Date(now.getTime() + 50 * DAY_MS))).toBe(1);
      expect(await runExpiryReminders(restarted.db, new Date(now.getTime() + 50 * DAY_MS))).toBe(0);
    } finally {
      await restarted.close();
    }
    expect((await remindersOf(kai.id)).filter((row) => row.item_kind === 'card')).toEqual([
      { item_kind: 'card', threshold_days: 30, emailed: true },
    ]);
  });

  it('starts a licence sold as a number of days when the card activates it', async () => {
    const card = await api.db
      .selectFrom('cards')
      .select('id')
      .where('serial', '=', 'BSC-000102')
      .executeTakeFirstOrThrow();
    expect(await activateCardProducts(api.db, card.id, ['data-rescue'])).toEqual(['data-rescue']);
    const cards = collectionSchema(cardSchema).parse(
      await (await call(api, 'GET', '/api/cards', { cookie: kai.cookie })).json(),
    );
    const licence = cards.member[1]?.products.find((product) => product.id === 'data-rescue');
    const runs = Date.parse(licence?.expiresAt ?? '') - Date.parse(licence?.activatedAt ?? '');
    expect(runs).toBe(365 * DAY_MS);
  });
});
