import { ledgerEntrySchema, ledgerPageSchema } from '@benchside/contracts/credits';
import { customerSchema } from '@benchside/contracts/customers';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCreditMovement } from '../src/credits/ledger-store.ts';
import { CUSTOMER_NOT_FOUND_MESSAGE } from '../src/customers/store.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { signedInMiaAndNed } from './mia-and-ned.ts';

const UNKNOWN_CUSTOMER = '00000000-0000-4000-8000-000000000000';
const GALAXY = 'Galaxy A52 · IMEI 356789012345678';

/** Issue 19 item 8: a ledger use names the technician's own customer and device it was for. */
describe('credits ledger operations for customers', () => {
  let api: RunningApi;
  let miaId: string;
  let nedId: string;
  let mia: string;
  let ned: string;

  const customerOf = async (cookie: string, name: string) => {
    const response = await call(api, 'POST', '/api/customers', {
      cookie,
      body: { name, type: 'individual' },
    });
    expect(response.status).toBe(201);
    return customerSchema.parse(await response.json()).id;
  };
  const useOf = async (userId: string, deviceModel = 'SM-A525F') =>
    (
      await recordCreditMovement(api.db, {
        userId,
        kind: 'use',
        credits: 1,
        productId: 'unlock-pro',
        function: 'Unlock',
        deviceModel,
        result: 'succeeded',
      })
    ).id;
  const link = (cookie: string, entryId: string, body: unknown) =>
    call(api, 'PUT', `/api/credit-ledger/${entryId}/customer`, { cookie, body });
  const ledger = async (cookie: string, query: string) => {
    const response = await call(api, 'GET', `/api/credit-ledger${query}`, { cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return ledgerPageSchema.parse(JSON.parse(text));
  };

  beforeAll(async () => {
    api = await startApi();
    ({ miaId, nedId, mia, ned } = await signedInMiaAndNed(api));
    await api.db.insertInto('products').values({ id: 'unlock-pro', name: 'Unlock Pro' }).execute();
    await recordCreditMovement(api.db, { userId: miaId, kind: 'grant', credits: 100 });
    await recordCreditMovement(api.db, { userId: nedId, kind: 'grant', credits: 100 });
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  it("links one of your uses to your customer's device, lists it by customer, changes and clears it", async () => {
    const kenji = await customerOf(mia, 'Kenji Watanabe');
    const laura = await customerOf(mia, 'Laura Fischer');
    const entryId = await useOf(miaId);
    await useOf(miaId, 'SM-G991B');

    const linked = await link(mia, entryId, { customerId: kenji, device: `  ${GALAXY} ` });
    expect(linked.status).toBe(200);
    expect(ledgerEntrySchema.parse(await linked.json())).toMatchObject({
      id: entryId,
      customer: { id: kenji, name: 'Kenji Watanabe' },
      customerDevice: GALAXY,
      deviceModel: 'SM-A525F',
    });
    const forKenji = await ledger(mia, `?customer=${kenji}`);
    expect(forKenji.totalItems).toBe(1);
    expect(forKenji.member.map((entry) => entry.id)).toEqual([entryId]);
    expect((await ledger(mia, `?customer=${laura}`)).totalItems).toBe(0);

    // Changed to another customer with no device; then cleared.
    const moved = ledgerEntrySchema.parse(await (await link(mia, entryId, { customerId: laura })).json());
    expect(moved).toMatchObject({ customer: { id: laura, name: 'Laura Fischer' }, customerDevice: null });
    expect((await ledger(mia, `?customer=${kenji}`)).totalItems).toBe(0);
    const cleared = await call(api, 'DELETE', `/api/credit-ledger/${entryId}/customer`, { cookie: mia });
    expect(cleared.status).toBe(204);
    expect((await ledger(mia, `?customer=${laura}`)).totalItems).toBe(0);
    const entry = (await ledger(mia, '?kind=use')).member.find((row) => row.id === entryId);
    expect(entry).toMatchObject({ customer: null, customerDevice: null });
  });

  it("never links to or shows another technician's entry or customer", async () => {
    const nedCustomer = await customerOf(ned, 'Ned’s walk-in');
    const miaCustomer = await customerOf(mia, 'Aisha Khan');
    const miaEntry = await useOf(miaId);
    const nedEntry = await useOf(nedId);

    // Mia's entry with Ned's customer: the same 404 as a customer that does not exist.
    for (const customerId of [nedCustomer, UNKNOWN_CUSTOMER]) {
      const response = await link(mia, miaEntry, { customerId });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(CUSTOMER_NOT_FOUND_MESSAGE);
    }
    // Ned's entry, whoever's customer: not found.
    for (const customerId of [miaCustomer, nedCustomer]) {
      const response = await link(mia, nedEntry, { customerId });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe('The requested ledger entry is not found');
    }
    const clearOther = await call(api, 'DELETE', `/api/credit-ledger/${nedEntry}/customer`, { cookie: mia });
    expect(clearOther.status).toBe(404);

    expect((await link(ned, nedEntry, { customerId: nedCustomer, device: 'Redmi' })).status).toBe(200);
    // Mia's filter on Ned's customer finds nothing, and her ledger never names him.
    expect((await ledger(mia, `?customer=${nedCustomer}`)).totalItems).toBe(0);
    const miaRows = (await ledger(mia, '?itemsPerPage=100')).member;
    expect(miaRows.map((row) => row.customer?.id)).not.toContain(nedCustomer);
    // The database holds the same line: a writer that forgets the check is refused.
    await expect(
      api.db
        .updateTable('credit_ledger')
        .set({ customer_id: nedCustomer })
        .where('id', '=', miaEntry)
        .execute(),
    ).rejects.toThrow(/credit_ledger_customer_fkey/);
    const signedOut = [
      await call(api, 'PUT', `/api/credit-ledger/${miaEntry}/customer`, {
        body: { customerId: miaCustomer },
      }),
      await call(api, 'DELETE', `/api/credit-ledger/${miaEntry}/customer`),
    ];
    expect(signedOut.map((response) => response.status)).toEqual([401, 401]);
  });

  it('refuses what is not an entry, a customer id, a device of one line, or a use', async () => {
    const customerId = await customerOf(mia, 'Li Na');
    const entryId = await useOf(miaId);
    for (const id of ['0', 'abc', '1e3', '99999999']) {
      expect((await link(mia, id, { customerId })).status, id).toBe(404);
    }
    const refused: [unknown, string][] = [
      [{}, 'customerId'],
      [{ customerId: 'not-a-customer' }, 'customerId'],
      [{ customerId, device: 'x'.repeat(101) }, 'device'],
      [{ customerId, device: 'Galaxy\nA52' }, 'device'],
      [{ customerId, device: 42 }, 'device'],
    ];
    for (const [body, field] of refused) {
      const response = await link(mia, entryId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).violations?.[0]?.propertyPath).toBe(field);
    }
    expect((await link(mia, entryId, { customerId, extra: true })).status).toBe(400);
    expect((await link(mia, entryId, { customerId, device: 'x'.repeat(100) })).status).toBe(200);
    for (const query of ['?customer=not-a-customer', '?customer=1']) {
      const response = await call(api, 'GET', `/api/credit-ledger${query}`, { cookie: mia });
      expect(response.status, query).toBe(400);
    }

    // A grant, an expiry or a refund was for no one's device.
    const grant = (await ledger(mia, '?kind=grant')).member[0];
    const response = await link(mia, grant?.id ?? '', { customerId });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).message).toBe('Only an operation can be for a customer');
  });

  it('keeps the ledger row and its device when the customer is deleted, and clears the link', async () => {
    const customerId = await customerOf(mia, 'Grace Okafor');
    const entryId = await useOf(miaId);
    expect((await link(mia, entryId, { customerId, device: 'Pixel 7' })).status).toBe(200);
    const before = (await ledger(mia, '?itemsPerPage=100')).member.find((row) => row.id === entryId);
    expect((await call(api, 'DELETE', `/api/customers/${customerId}`, { cookie: mia })).status).toBe(204);
    const after = (await ledger(mia, '?itemsPerPage=100')).member.find((row) => row.id === entryId);
    expect(after).toEqual({ ...before, customer: null });
    expect(after?.customerDevice).toBe('Pixel 7');
    expect((await ledger(mia, `?customer=${customerId}`)).totalItems).toBe(0);
  });

  it("pages a customer's operations newest first within the list bounds", async () => {
    const customerId = await customerOf(mia, 'Diego Fernández');
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const id = await useOf(miaId, `SM-A${index}`);
      expect((await link(mia, id, { customerId, device: `Phone ${index}` })).status).toBe(200);
      ids.push(id);
    }
    const first = await ledger(mia, `?customer=${customerId}&kind=use&page=1&itemsPerPage=5`);
    const third = await ledger(mia, `?customer=${customerId}&kind=use&page=3&itemsPerPage=5`);
    expect(first.totalItems).toBe(12);
    expect(first.member.map((entry) => entry.customerDevice)).toEqual([
      'Phone 11',
      'Phone 10',
      'Phone 9',
      'Phone 8',
      'Phone 7',
    ]);
    expect(third.member.map((entry) => entry.id)).toEqual([ids[1], ids[0]]);
    for (const query of ['&itemsPerPage=101', '&page=0']) {
      const response = await call(api, 'GET', `/api/credit-ledger?customer=${customerId}${query}`, {
        cookie: mia,
      });
      expect(response.status, query).toBe(400);
    }
    // The export carries the customer and the device.
    const csv = await (
      await call(api, 'GET', `/api/credit-ledger/export?customer=${customerId}`, { cookie: mia })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/,Diego Fernández,Phone 11$/);
  });
});
