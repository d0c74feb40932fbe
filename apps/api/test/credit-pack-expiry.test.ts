import { ledgerPageSchema } from '@benchside/contracts/credits';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCreditMovement, refundCreditUse } from '../src/credits/ledger-store.ts';
import { runCreditPackExpiries } from '../src/expiry/credit-pack-expiry.ts';
import { call } from './accounts-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 19 item 1: a credit pack that ends with credits unused leaves the balance by one `expiry`
 * row, written by a job on a controlled clock: `now` below is the job's, the packs end after it.
 */
describe('credit pack expiry job', () => {
  let api: RunningApi;
  let secondNode: RunningApi;
  let now: Date;
  let userCount = 0;

  const userWithPacks = async (packs: { amount: number; used?: number; endsInDays: number | null }[]) => {
    userCount += 1;
    const user = {
      username: `tech${userCount}`,
      email: `tech${userCount}@example.test`,
      password: 'Tech#Bench2026',
    };
    const userId = await createUser(api.db, user);
    const ids: string[] = [];
    for (const pack of packs) {
      const row = await api.db
        .insertInto('user_credit_subscriptions')
        .values({
          user_id: userId,
          product_id: 'unlock-pro',
          kind: 'pack',
          amount: pack.amount,
          valid_until: pack.endsInDays === null ? null : new Date(now.getTime() + pack.endsInDays * DAY_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordCreditMovement(api.db, {
        userId,
        kind: 'grant',
        credits: pack.amount,
        productId: 'unlock-pro',
        subscriptionId: row.id,
      });
      ids.push(row.id);
    }
    for (const [index, pack] of packs.entries()) {
      if (!pack.used) continue;
      await recordCreditMovement(api.db, {
        userId,
        kind: 'use',
        credits: pack.used,
        productId: 'unlock-pro',
        subscriptionId: ids[index] ?? null,
        function: 'Unlock',
        result: 'succeeded',
      });
    }
    return { userId, packIds: ids, cookie: await signIn(api, user.username, user.password) };
  };
  const ledgerOf = async (cookie: string, query = '') =>
    ledgerPageSchema.parse(
      await (await call(api, 'GET', `/api/credit-ledger?itemsPerPage=100${query}`, { cookie })).json(),
    );
  const expectRunningBalance = (page: ReturnType<typeof ledgerOf> extends Promise<infer P> ? P : never) => {
    const oldestFirst = [...page.member].reverse();
    for (const [index, entry] of oldestFirst.entries()) {
      expect(entry.balanceAfter).toBe((oldestFirst[index - 1]?.balanceAfter ?? 0) + entry.amount);
    }
    expect(page.member[0]?.balanceAfter ?? 0).toBe(page.balance);
  };

  beforeAll(async () => {
    api = await startApi();
    secondNode = await startApi({ sharing: api });
    await api.db
      .insertInto('products')
      .values([
        { id: 'unlock-pro', name: 'Unlock Pro' },
        { id: 'frp-tool', name: 'FRP Tool' },
      ])
      .execute();
    // The nodes' own first runs happen at their start; this waits them out on the job's lock.
    await runCreditPackExpiries(api.db);
    now = new Date();
  }, 120_000);
  afterAll(async () => {
    await secondNode.close();
    await api.close();
  });

  it("takes a pack's unused credits off the balance once it ends, once however many runs or nodes", async () => {
    const { packIds, cookie } = await userWithPacks([
      { amount: 50, used: 20, endsInDays: 10 },
      { amount: 30, endsInDays: null },
    ]);
    expect(await runCreditPackExpiries(api.db, new Date(now.getTime() + 9 * DAY_MS))).toBe(0);
    expect((await ledgerOf(cookie)).balance).toBe(60);

    const ended = new Date(now.getTime() + 11 * DAY_MS);
    const runs = await Promise.all([
      runCreditPackExpiries(api.db, ended),
      runCreditPackExpiries(secondNode.db, ended),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await runCreditPackExpiries(api.db, ended)).toBe(0);
    expect(await runCreditPackExpiries(api.db, new Date(ended.getTime() + 30 * DAY_MS))).toBe(0);

    const page = await ledgerOf(cookie);
    const expiries = page.member.filter((entry) => entry.kind === 'expiry');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({
      amount: -30,
      product: { id: 'unlock-pro', name: 'Unlock Pro' },
      packEndedAt: new Date(now.getTime() + 10 * DAY_MS).toISOString(),
    });
    expect(page.balance).toBe(30);
    expectRunningBalance(page);
    expect((await ledgerOf(cookie, '&kind=expiry')).totalItems).toBe(1);

    // Later movements keep the running balance right; the ended pack gives nothing to a use.
    await recordCreditMovement(api.db, {
      userId: (
        await api.db
          .selectFrom('user_credit_subscriptions')
          .select('user_id')
          .where('id', '=', packIds[0] ?? '')
          .executeTakeFirstOrThrow()
      ).user_id,
      kind: 'use',
      credits: 5,
      productId: 'unlock-pro',
      function: 'Read info',
      result: 'succeeded',
    });
    const after = await ledgerOf(cookie);
    expect(after.balance).toBe(25);
    expectRunningBalance(after);
  });

  it('writes nothing for a pack with nothing left, a pack still running, or a pack without an end', async () => {
    const { cookie } = await userWithPacks([
      { amount: 10, used: 10, endsInDays: 3 },
      { amount: 10, endsInDays: 90 },
      { amount: 10, endsInDays: null },
    ]);
    expect(await runCreditPackExpiries(api.db, new Date(now.getTime() + 4 * DAY_MS))).toBe(0);
    const page = await ledgerOf(cookie);
    expect(page.member.map((entry) => entry.kind)).not.toContain('expiry');
    expect(page.balance).toBe(20);
  });

  it('expires again only what is left when the vendor moves a pack’s end', async () => {
    const { userId, packIds, cookie } = await userWithPacks([{ amount: 40, used: 10, endsInDays: 2 }]);
    const packId = packIds[0] ?? '';
    expect(await runCreditPackExpiries(api.db, new Date(now.getTime() + 3 * DAY_MS))).toBe(1);
    expect((await ledgerOf(cookie)).balance).toBe(0);
    // Extended, with more credits granted into it: the new end takes only those.
    await api.db
      .updateTable('user_credit_subscriptions')
      .set({ amount: 50, valid_until: new Date(now.getTime() + 20 * DAY_MS) })
      .where('id', '=', packId)
      .execute();
    await recordCreditMovement(api.db, { userId, kind: 'grant', credits: 10, subscriptionId: packId });
    expect(await runCreditPackExpiries(api.db, new Date(now.getTime() + 21 * DAY_MS))).toBe(1);
    const page = await ledgerOf(cookie);
    expect(page.member.filter((entry) => entry.kind === 'expiry').map((entry) => entry.amount)).toEqual([
      -10, -30,
    ]);
    expect(page.balance).toBe(0);
    expectRunningBalance(page);
  });

  it('never takes more than the balance holds', async () => {
    const { userId, cookie } = await userWithPacks([{ amount: 20, endsInDays: 5 }]);
    // An FRP Tool operation: no pack of the user pays for it, so it came from the balance alone.
    await recordCreditMovement(api.db, {
      userId,
      kind: 'use',
      credits: 15,
      productId: 'frp-tool',
      function: 'FRP',
      result: 'succeeded',
    });
    expect(await runCreditPackExpiries(api.db, new Date(now.getTime() + 6 * DAY_MS))).toBe(1);
    const page = await ledgerOf(cookie);
    expect(page.member[0]).toMatchObject({ kind: 'expiry', amount: -5, balanceAfter: 0 });
    expect(page.balance).toBe(0);
    expectRunningBalance(page);
  });

  it('gives a refund back to its pack while the pack runs, and after it ended as credits without an end', async () => {
    const { userId, packIds, cookie } = await userWithPacks([
      { amount: 20, endsInDays: 30 },
      { amount: 20, endsInDays: 30 },
    ]);
    const [running = '', ending = ''] = packIds;
    const failedUse = async (packId: string, at: Date) =>
      recordCreditMovement(api.db, {
        userId,
        kind: 'use',
        credits: 10,
        productId: 'unlock-pro',
        subscriptionId: packId,
        function: 'Unlock',
        result: 'failed',
        at,
      });
    const usedOf = async (packId: string) =>
      (
        await api.db
          .selectFrom('user_credit_subscriptions')
          .select('used')
          .where('id', '=', packId)
          .executeTakeFirstOrThrow()
      ).used;
    const yesterday = new Date(Date.now() - DAY_MS);
    const first = await failedUse(running, new Date(yesterday.getTime() - DAY_MS));
    const second = await failedUse(ending, new Date(yesterday.getTime() - DAY_MS));
    // The second pack ends yesterday, and its ten unused credits expire.
    await api.db
      .updateTable('user_credit_subscriptions')
      .set({ valid_until: yesterday })
      .where('id', '=', ending)
      .execute();
    expect(await runCreditPackExpiries(api.db, new Date())).toBe(1);
    expect((await ledgerOf(cookie)).balance).toBe(10);

    await refundCreditUse(api.db, first.id);
    expect(await usedOf(running)).toBe(0);

    await refundCreditUse(api.db, second.id);
    // The ended pack's books stay closed: nothing more to expire in it, and the refund is the user's.
    expect(await usedOf(ending)).toBe(10);
    expect(await runCreditPackExpiries(api.db, new Date(Date.now() + DAY_MS))).toBe(0);
    const page = await ledgerOf(cookie);
    expect(page.balance).toBe(30);
    expect(page.member.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount)).toEqual([
      10, 10,
    ]);
  });
});
