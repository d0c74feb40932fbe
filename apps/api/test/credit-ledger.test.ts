import { conversationDetailSchema } from '@benchside/contracts/conversations';
import {
  balanceHistorySchema,
  ledgerPageSchema,
  MAX_BALANCE_POINTS,
  refundRequestSchema,
} from '@benchside/contracts/credits';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCard } from '../src/cards/card-store.ts';
import { exportLedger, recordCreditMovement, refundCreditUse } from '../src/credits/ledger-store.ts';
import { seedCards } from '../src/seed/cards.ts';
import { DEMO_FAILED_USE } from '../src/seed/credits.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { MIA, NED, signedInMiaAndNed } from './mia-and-ned.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Splits CSV text into records of cells, honouring quotes (RFC 4180), without the BOM. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index];
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(cell);
      cell = '';
    } else if (character === '\r' && body[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return records;
}

describe('credits ledger', () => {
  let api: RunningApi;
  let miaId: string;
  let nedId: string;
  let mia: string;
  let ned: string;
  let miaCard: { id: string; serial: string };
  let nedCard: { id: string; serial: string };

  const ledger = async (cookie: string, query = '') => {
    const response = await call(api, 'GET', `/api/credit-ledger${query}`, { cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return ledgerPageSchema.parse(JSON.parse(text));
  };
  const useOf = (userId: string, cardId: string, extra: { function?: string; deviceModel?: string } = {}) =>
    recordCreditMovement(api.db, {
      userId,
      kind: 'use',
      credits: 3,
      cardId,
      productId: 'unlock-pro',
      function: extra.function ?? 'Unlock',
      deviceModel: extra.deviceModel ?? 'SM-A525F',
      result: 'failed',
    });

  beforeAll(async () => {
    api = await startApi();
    ({ miaId, nedId, mia, ned } = await signedInMiaAndNed(api));
    await seedCards(api.db, { id: miaId, username: MIA.username });
    const card = await api.db
      .insertInto('cards')
      .values({ serial: 'BSC-000900', firmware_version: '2.1.0' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await assignCard(api.db, card, { id: nedId, username: NED.username });
    nedCard = card;
    miaCard = await api.db
      .selectFrom('cards')
      .select(['id', 'serial'])
      .where('serial', '=', 'BSC-000101')
      .executeTakeFirstOrThrow();
    await recordCreditMovement(api.db, { userId: nedId, kind: 'grant', credits: 40, productId: 'frp-tool' });
    await useOf(nedId, nedCard.id, { function: 'FRP', deviceModel: 'NED-PHONE' });
    // The demo's whole card area (scrypt-hashed credentials included) before the ledger: slow on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  it("lists the user's own movements newest first with a running balance that ends at the balance", async () => {
    const page = await ledger(mia, '?itemsPerPage=100');
    expect(page.totalItems).toBe(41);
    expect(page.balance).toBe(443);
    expect(page.member[0]?.balanceAfter).toBe(443);
    // Each row's balance is the one before it plus its amount.
    const oldestFirst = [...page.member].reverse();
    for (const [index, entry] of oldestFirst.entries()) {
      expect(entry.balanceAfter).toBe((oldestFirst[index - 1]?.balanceAfter ?? 0) + entry.amount);
    }
    expect(new Set(page.member.map((entry) => entry.kind))).toEqual(
      new Set(['grant', 'use', 'refund', 'expiry']),
    );
    const refund = page.member.find((entry) => entry.kind === 'refund');
    expect(page.member.find((entry) => entry.id === refund?.refundOf)?.refunded).toBe(true);
  });

  it("never shows another user's rows, whatever the filters", async () => {
    const nedPage = await ledger(ned);
    expect(nedPage.totalItems).toBe(2);
    expect(nedPage.balance).toBe(37);
    expect(nedPage.member.map((entry) => entry.deviceModel)).not.toContain('SM-G991B');
    expect((await ledger(ned, `?card=${miaCard.id}`)).totalItems).toBe(0);
    expect(
      (await ledger(ned, '?product=unlock-pro&kind=use')).member.map((entry) => entry.card?.serial),
    ).toEqual(['BSC-000900']);
    const miaPage = await ledger(mia, `?card=${nedCard.id}`);
    expect(miaPage.totalItems).toBe(0);
    const csv = await call(api, 'GET', `/api/credit-ledger/export?card=${miaCard.id}`, { cookie: ned });
    expect(parseCsv(await csv.text())).toHaveLength(1);
    expect((await call(api, 'GET', '/api/credit-ledger')).status).toBe(401);
  });

  it('pages within the bounds every list has', async () => {
    const first = await ledger(mia, '?page=1&itemsPerPage=15');
    const third = await ledger(mia, '?page=3&itemsPerPage=15');
    expect(first.member).toHaveLength(15);
    expect(third.member).toHaveLength(11);
    expect(third.totalItems).toBe(41);
    expect(first.member.map((entry) => entry.id)).not.toContain(third.member[0]?.id);
    expect((await ledger(mia, '?page=9')).member).toEqual([]);
    for (const query of ['?itemsPerPage=101', '?itemsPerPage=0', '?page=0', '?page=-1', '?page=abc']) {
      const response = await call(api, 'GET', `/api/credit-ledger${query}`, { cookie: mia });
      expect(response.status, query).toBe(400);
    }
  });

  it('gives every page the rows of the whole ledger in its place, pages past the middle too', async () => {
    const whole = await ledger(mia, '?itemsPerPage=100');
    for (const size of [1, 4, 7, 20]) {
      const pages = [];
      for (let page = 1; page <= Math.ceil(whole.totalItems / size) + 1; page += 1) {
        const answer = await ledger(mia, `?page=${page}&itemsPerPage=${size}`);
        expect(answer.totalItems).toBe(whole.totalItems);
        pages.push(...answer.member.map((entry) => entry.id));
      }
      expect(pages, `${size} a page`).toEqual(whole.member.map((entry) => entry.id));
    }
  });

  it('counts the rows of every writer, a statement of many rows included', async () => {
    const userId = await createUser(api.db, {
      username: 'bulk',
      email: 'bulk@example.test',
      password: 'Bulk#Bench2026',
    });
    await recordCreditMovement(api.db, { userId, kind: 'grant', credits: 10 });
    const at = new Date('2020-06-01T00:00:00Z');
    await api.db
      .insertInto('credit_ledger')
      .values(
        [1, 2, 3].map((day) => ({
          user_id: userId,
          kind: 'grant' as const,
          amount: 1,
          balance_after: day,
          created_at: new Date(at.getTime() + day * DAY_MS),
        })),
      )
      .execute();
    const counter = await api.db
      .selectFrom('credit_balances')
      .select(['movements', 'balance'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(counter).toEqual({ movements: 4, balance: 10 });
  });

  it('filters by card, product, kind and days, and refuses a filter that is not one', async () => {
    const uses = await ledger(mia, '?kind=use&itemsPerPage=100');
    expect(uses.member.every((entry) => entry.kind === 'use' && entry.amount < 0)).toBe(true);
    expect(uses.totalItems).toBe(36);
    const frp = await ledger(mia, '?product=frp-tool');
    expect(frp.member.map((entry) => entry.kind)).toEqual(['expiry', 'use', 'use', 'grant']);
    const secondCard = await api.db
      .selectFrom('cards')
      .select('id')
      .where('serial', '=', 'BSC-000102')
      .executeTakeFirstOrThrow();
    expect((await ledger(mia, `?card=${secondCard.id}`)).totalItems).toBe(2);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const lastWeek = await ledger(mia, `?from=${day(6)}&to=${day(0)}&itemsPerPage=100`);
    expect(lastWeek.member.map((entry) => entry.kind)).toContain('expiry');
    expect(lastWeek.member.every((entry) => Date.now() - Date.parse(entry.createdAt) < 8 * DAY_MS)).toBe(
      true,
    );

    const refused = [
      '?from=2026-13-01',
      '?to=2026-02-30',
      '?from=yesterday',
      '?kind=gift',
      '?card=not-a-card',
      '?product=%3Cscript%3E',
    ];
    for (const query of refused) {
      const response = await call(api, 'GET', `/api/credit-ledger${query}`, { cookie: mia });
      expect(response.status, query).toBe(400);
    }
    const backwards = await call(api, 'GET', '/api/credit-ledger?from=2026-05-02&to=2026-05-01', {
      cookie: mia,
    });
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).violations).toEqual([
      { propertyPath: 'from', message: 'The start date must not be after the end date' },
    ]);
    const exportBackwards = await call(
      api,
      'GET',
      '/api/credit-ledger/export?from=2026-05-02&to=2026-05-01',
      {
        cookie: mia,
      },
    );
    expect(exportBackwards.status).toBe(400);
  });

  it('exports the filtered rows as a CSV download, quoted and safe to open in a spreadsheet', async () => {
    const hostile = [
      '=HYPERLINK("http://evil.test","Refund")',
      '+SUM(A1:A9)',
      '-2+3',
      '@cmd',
      '\tTAB',
      'Line one\nline "two", three',
    ];
    for (const text of hostile) await useOf(nedId, nedCard.id, { function: text, deviceModel: text });
    const response = await call(api, 'GET', '/api/credit-ledger/export?kind=use', { cookie: ned });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="credits-ledger.csv"');
    const text = await response.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Refund"")"`);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([
      'Date',
      'Kind',
      'Amount',
      'Balance',
      'Card',
      'Credential',
      'Product',
      'Function',
      'Device model',
      'Result',
      'Refund of entry',
      'Entry',
      'Customer',
      'Customer device',
    ]);
    expect(records).toHaveLength(7);
    const functions = records.map((record) => record[7]);
    expect(functions).toEqual([
      'Line one\nline "two", three',
      "'\tTAB",
      "'@cmd",
      "'-2+3",
      "'+SUM(A1:A9)",
      `'=HYPERLINK("http://evil.test","Refund")`,
      'FRP',
    ]);
    expect(records.map((record) => record[8])).toEqual(
      functions.map((cell) => (cell === 'FRP' ? 'NED-PHONE' : cell)),
    );
    // Amounts stay numbers a spreadsheet can add up: negative, unquoted, unescaped.
    expect(records.every((record) => record[2] === '-3')).toBe(true);
    expect(records.map((record) => record[4])).toEqual(Array(7).fill('BSC-000900'));
    expect(records[0]?.[3]).toBe(String(40 - 3 * 7));

    const ranged = await call(api, 'GET', '/api/credit-ledger/export?from=2020-01-01&to=2020-01-31', {
      cookie: ned,
    });
    expect(ranged.headers.get('content-disposition')).toBe(
      'attachment; filename="credits-ledger-2020-01-01-to-2020-01-31.csv"',
    );
    expect(parseCsv(await ranged.text())).toHaveLength(1);
  });

  it('exports every row of a long ledger, batch after batch, in the order of the list', async () => {
    const response = await call(api, 'GET', '/api/credit-ledger/export', { cookie: mia });
    const records = parseCsv(await response.text()).slice(1);
    const listed = await ledger(mia, '?itemsPerPage=100');
    expect(records.map((record) => record[11])).toEqual(listed.member.map((entry) => entry.id));
  });

  it('gives each of many pages and exports asked for at once its own rows, when identical ones share their reads', async () => {
    const listed = await ledger(mia, '?itemsPerPage=100');
    const uses = await ledger(mia, '?kind=use&itemsPerPage=100');
    const exportIds = async (query: string) => {
      const response = await call(api, 'GET', `/api/credit-ledger/export${query}`, { cookie: mia });
      return parseCsv(await response.text())
        .slice(1)
        .map((record) => record[11]);
    };
    const [everything, onlyUses, pagesOfUses, pagesOfAll] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => exportIds(''))),
      Promise.all(Array.from({ length: 10 }, () => exportIds('?kind=use'))),
      Promise.all(Array.from({ length: 10 }, () => ledger(mia, '?kind=use&itemsPerPage=100'))),
      Promise.all(Array.from({ length: 10 }, () => ledger(mia, '?itemsPerPage=100'))),
    ]);
    for (const ids of everything) expect(ids).toEqual(listed.member.map((entry) => entry.id));
    for (const ids of onlyUses) expect(ids).toEqual(uses.member.map((entry) => entry.id));
    for (const page of pagesOfUses) expect(page).toEqual(uses);
    for (const page of pagesOfAll) expect(page).toEqual(listed);
    expect(uses.totalItems).toBeLessThan(listed.totalItems);
  });

  it('exports batch after batch from a short first one, every row once, in the order of the list', async () => {
    const listed = await ledger(mia, '?itemsPerPage=100');
    for (const batchSize of [1, 7, 60]) {
      const exported = [];
      for await (const batch of exportLedger(api.db, miaId, {}, batchSize))
        exported.push(...batch.map((entry) => entry.id));
      expect(exported, `batches of ${batchSize}`).toEqual(listed.member.map((entry) => entry.id));
    }
  });

  it('gives exports asked for at the same moment the same whole file as one asked alone', async () => {
    const exportText = async () =>
      (await call(api, 'GET', '/api/credit-ledger/export', { cookie: mia })).text();
    const alone = await exportText();
    const together = await Promise.all([exportText(), exportText(), exportText()]);
    expect(together).toEqual([alone, alone, alone]);
    const listed = await ledger(mia, '?itemsPerPage=100');
    expect(
      parseCsv(alone)
        .slice(1)
        .map((record) => record[11]),
    ).toEqual(listed.member.map((entry) => entry.id));
  });

  it('opens one support conversation for a failed use, with the operation in its first message', async () => {
    const failed = (await ledger(mia, '?kind=use&itemsPerPage=100')).member.find(
      (entry) => entry.result === 'failed' && !entry.refunded,
    );
    if (!failed) throw new Error('the seed has a failed use');
    expect(failed.function).toBe(DEMO_FAILED_USE.function);
    const path = `/api/credit-ledger/${failed.id}/refund-request`;

    expect((await call(api, 'POST', path, { cookie: ned, body: {} })).status).toBe(404);
    const opened = await call(api, 'POST', path, { cookie: mia, body: {} });
    expect(opened.status).toBe(201);
    const { conversationId } = refundRequestSchema.parse(await opened.json());

    const conversation = conversationDetailSchema.parse(
      await (await call(api, 'GET', `/api/conversations/${conversationId}`, { cookie: mia })).json(),
    );
    expect(conversation.subject).toBe('Refund request: Unlock on SM-A525F (5 credits)');
    const body = conversation.threads[0]?.body ?? '';
    for (const line of [
      `Ledger entry: ${failed.id}`,
      'Function: Unlock',
      'Device model: SM-A525F',
      'Result: failed',
      'Credits used: 5',
      'Card: BSC-000101',
      'Product: Unlock Pro (unlock-pro)',
    ]) {
      expect(body).toContain(line);
    }
    const linked = (await ledger(mia, '?kind=use&itemsPerPage=100')).member.find(
      (entry) => entry.id === failed.id,
    );
    expect(linked?.refundConversationId).toBe(conversationId);

    const again = await call(api, 'POST', path, { cookie: mia, body: {} });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: 'A refund was already requested for this operation',
      conversationId,
    });
  });

  it('refuses a refund request for a use that succeeded, a grant or a use already refunded', async () => {
    const rows = (await ledger(mia, '?itemsPerPage=100')).member;
    const succeeded = rows.find((entry) => entry.kind === 'use' && entry.result === 'succeeded');
    const granted = rows.find((entry) => entry.kind === 'grant');
    const refunded = rows.find((entry) => entry.refunded);
    for (const entry of [succeeded, granted, refunded]) {
      const response = await call(api, 'POST', `/api/credit-ledger/${entry?.id}/refund-request`, {
        cookie: mia,
        body: {},
      });
      expect(response.status, entry?.kind).toBe(422);
    }
    for (const id of ['0', 'abc', '99999999', '1e3']) {
      const response = await call(api, 'POST', `/api/credit-ledger/${id}/refund-request`, {
        cookie: mia,
        body: {},
      });
      expect(response.status, id).toBe(404);
    }
  });

  it('refunds a failed use once and never a use that succeeded', async () => {
    const use = await useOf(nedId, nedCard.id);
    const before = (await ledger(ned)).balance;
    const refund = await refundCreditUse(api.db, use.id);
    expect(refund.balanceAfter).toBe(before + 3);
    await expect(refundCreditUse(api.db, use.id)).rejects.toThrow('This operation was already refunded');
    const succeeded = await recordCreditMovement(api.db, {
      userId: nedId,
      kind: 'use',
      credits: 1,
      function: 'Read info',
      result: 'succeeded',
    });
    await expect(refundCreditUse(api.db, succeeded.id)).rejects.toThrow(
      'Only a failed operation can be refunded',
    );
    const listed = (await ledger(ned)).member[1];
    expect(listed).toMatchObject({ kind: 'refund', amount: 3, refundOf: use.id });
  });

  it('draws a use from the packs that pay for it, soonest-ending first, and gives a refund back to its pack', async () => {
    const userId = await createUser(api.db, {
      username: 'packs',
      email: 'packs@example.test',
      password: 'Packs#Bench2026',
    });
    const pack = async (productId: string | null, amount: number, validUntil: Date | null) => {
      const row = await api.db
        .insertInto('user_credit_subscriptions')
        .values({ user_id: userId, product_id: productId, kind: 'pack', amount, valid_until: validUntil })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordCreditMovement(api.db, {
        userId,
        kind: 'grant',
        credits: amount,
        productId,
        subscriptionId: row.id,
      });
      return row.id;
    };
    const later = await pack('unlock-pro', 10, new Date(Date.now() + 90 * DAY_MS));
    const sooner = await pack('unlock-pro', 4, new Date(Date.now() + 10 * DAY_MS));
    const otherProduct = await pack('frp-tool', 10, null);
    const used = async () =>
      Object.fromEntries(
        (
          await api.db
            .selectFrom('user_credit_subscriptions')
            .select(['id', 'used'])
            .where('user_id', '=', userId)
            .execute()
        ).map((row) => [row.id, row.used]),
      );

    const use = await recordCreditMovement(api.db, {
      userId,
      kind: 'use',
      credits: 6,
      productId: 'unlock-pro',
      function: 'Unlock',
      result: 'failed',
    });
    expect(await used()).toEqual({ [sooner]: 4, [later]: 2, [otherProduct]: 0 });

    await refundCreditUse(api.db, use.id);
    expect(await used()).toEqual({ [sooner]: 0, [later]: 0, [otherProduct]: 0 });
    const packsLeft = Object.values(await used()).reduce((left, count) => left - count, 24);
    expect(
      (
        await api.db
          .selectFrom('credit_balances')
          .select('balance')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).balance,
    ).toBe(packsLeft);
  });

  it('leaves the demo packs where the cards page shows them: 37, 120 and 10 credits used', async () => {
    const packs = await api.db
      .selectFrom('user_credit_subscriptions')
      .select(['product_id', 'used'])
      .where('user_id', '=', miaId)
      .orderBy('product_id')
      .execute();
    expect(packs).toEqual([
      { product_id: 'frp-tool', used: 10 },
      { product_id: 'repair-suite', used: 120 },
      { product_id: 'unlock-pro', used: 37 },
    ]);
  });

  it('keeps the running balance right when many movements of one user are written at once', async () => {
    const userId = await createUser(api.db, {
      username: 'busy',
      email: 'busy@example.test',
      password: 'Busy#Bench2026',
    });
    await recordCreditMovement(api.db, { userId, kind: 'grant', credits: 100 });
    const writes = Array.from({ length: 24 }, (_, index) =>
      recordCreditMovement(api.db, {
        userId,
        kind: index % 4 === 0 ? 'grant' : 'use',
        credits: index % 4 === 0 ? 5 : 2,
        function: 'Unlock',
        result: 'succeeded',
      }),
    );
    await Promise.all(writes);
    const rows = await api.db
      .selectFrom('credit_ledger')
      .select(['amount', 'balance_after'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(25);
    let balance = 0;
    for (const row of rows) {
      balance += row.amount;
      expect(row.balance_after).toBe(balance);
    }
    expect(balance).toBe(100 + 6 * 5 - 18 * 2);
    await expect(
      recordCreditMovement(api.db, {
        userId,
        kind: 'use',
        credits: balance + 1,
        function: 'Unlock',
        result: 'failed',
      }),
    ).rejects.toThrow(`Not enough credits: ${balance} left`);
  });

  it('draws the balance over time one point a day, a bounded number of points for a long range', async () => {
    const history = async (query: string) => {
      const response = await call(api, 'GET', `/api/credit-ledger/balance-history${query}`, { cookie: mia });
      expect(response.status, query).toBe(200);
      return balanceHistorySchema.parse(await response.json());
    };
    const recent = await history('');
    expect(recent.stepDays).toBe(1);
    expect(recent.points).toHaveLength(90);
    expect(recent.points.at(-1)?.balance).toBe(443);
    const today = new Date().toISOString().slice(0, 10);
    expect(recent.points.at(-1)?.day).toBe(today);
    // Before the first grant of the range: the balance of the older FRP pack.
    expect(recent.points[0]?.balance).toBe(40);

    const decade = await history(`?from=2016-01-01&to=${today}`);
    expect(decade.points.length).toBeLessThanOrEqual(MAX_BALANCE_POINTS);
    expect(decade.stepDays).toBeGreaterThan(1);
    expect(decade.points.at(-1)).toEqual({ day: today, balance: 443 });
    expect(decade.points[0]?.balance).toBe(0);

    for (const query of ['?from=2026-05-02&to=2026-05-01', '?from=2026-02-29', '?to=soon']) {
      const response = await call(api, 'GET', `/api/credit-ledger/balance-history${query}`, { cookie: mia });
      expect(response.status, query).toBe(400);
    }
    const nedHistory = await call(api, 'GET', '/api/credit-ledger/balance-history', { cookie: ned });
    const nedPoints = balanceHistorySchema.parse(await nedHistory.json()).points;
    expect(nedPoints.every((point) => point.balance < 100)).toBe(true);
  });

  it('limits refund requests per user', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await call(api, 'POST', '/api/credit-ledger/1/refund-request', { cookie: ned, body: {} })).status,
      );
    }
    expect(statuses.slice(0, 9).every((status) => status === 404 || status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
