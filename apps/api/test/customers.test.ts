import { collectionSchema } from '@benchside/contracts/common';
import {
  type CustomerBody,
  customerBulkResultSchema,
  customerSchema,
  MAX_BULK_CUSTOMER_IDS,
  MAX_CUSTOMERS_PER_USER,
} from '@benchside/contracts/customers';
import { signIn } from '@benchside/test-kit/sign-in';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_BOOK_FULL_MESSAGE,
  CUSTOMER_NOT_FOUND_MESSAGE,
  customerSearchPage,
} from '../src/customers/store.ts';
import { DEMO_ACCOUNT, seedDemo } from '../src/seed/demo.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { signedInMiaAndNed } from './mia-and-ned.ts';

const pageSchema = collectionSchema(customerSchema);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const LAURA: CustomerBody = {
  name: 'Laura Fischer',
  type: 'individual',
  company: '',
  email: 'laura@example.test',
  phone: '+49 151 2345',
  status: 'active',
  notes: 'Galaxy S21, screen',
};
const ROSSI: CustomerBody = {
  name: 'Marco Rossi',
  type: 'business',
  company: 'Rossi Telefonia',
  email: 'marco@rossi.example.test',
  phone: '+39 347 555',
  status: 'active',
  notes: '',
};

describe('customer book', () => {
  let api: RunningApi;
  let miaId: string;
  let nedId: string;
  let mia: string;
  let ned: string;

  const create = async (cookie: string, body: unknown) => {
    const response = await call(api, 'POST', '/api/customers', { cookie, body });
    expect(response.status, await response.clone().text()).toBe(201);
    return customerSchema.parse(await response.json());
  };
  const list = async (cookie: string, query = '') => {
    const response = await call(api, 'GET', `/api/customers${query}`, { cookie });
    expect(response.status).toBe(200);
    return pageSchema.parse(await response.json());
  };
  /** Mia's book grown to 20,000 customers, "Customer 1" to "Customer 20000", analysed as after an import. */
  const fillMiasBook = async () => {
    await sql`insert into customers (user_id, name, type, phone)
      select ${miaId}::uuid, 'Customer ' || n, 'individual', '+49 151 ' || lpad(n::text, 7, '0')
        from generate_series(1, 20000) as n`.execute(api.db);
    await sql`analyze customers`.execute(api.db);
  };
  const bulk = async (cookie: string, path: string, body: unknown) => {
    const response = await call(api, 'POST', `/api/customers/${path}`, { cookie, body });
    expect(response.status, await response.clone().text()).toBe(200);
    return customerBulkResultSchema.parse(await response.json()).count;
  };
  /** Every id must be among the caller's; bulk calls refuse anything else with a 400. */
  const violationsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).violations ?? [];
  };

  beforeAll(async () => {
    api = await startApi();
    ({ miaId, nedId, mia, ned } = await signedInMiaAndNed(api));
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(async () => {
    await api.db.deleteFrom('customers').execute();
  });

  it('answers 401 on every customer call when signed out', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/customers', undefined],
      ['GET', `/api/customers/${UNKNOWN_ID}`, undefined],
      ['POST', '/api/customers', LAURA],
      ['PUT', `/api/customers/${UNKNOWN_ID}`, LAURA],
      ['DELETE', `/api/customers/${UNKNOWN_ID}`, undefined],
      ['POST', '/api/customers/bulk-status', { ids: [UNKNOWN_ID], status: 'suspended' }],
      ['POST', '/api/customers/bulk-delete', { ids: [UNKNOWN_ID] }],
    ] as const) {
      const response = await call(api, method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates, reads, updates and deletes a customer, with its times', async () => {
    const created = await create(mia, LAURA);
    expect(created).toMatchObject({ ...LAURA, id: expect.any(String) });
    expect(created.createdAt).toBe(created.updatedAt);

    const read = await call(api, 'GET', `/api/customers/${created.id}`, { cookie: mia });
    expect(customerSchema.parse(await read.json())).toEqual(created);

    const edited = { ...ROSSI, status: 'suspended' as const };
    const updated = await call(api, 'PUT', `/api/customers/${created.id}`, { cookie: mia, body: edited });
    expect(updated.status).toBe(200);
    const after = customerSchema.parse(await updated.json());
    expect(after).toMatchObject({ ...edited, id: created.id, createdAt: created.createdAt });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const deleted = await call(api, 'DELETE', `/api/customers/${created.id}`, { cookie: mia });
    expect(deleted.status).toBe(204);
    expect((await call(api, 'GET', `/api/customers/${created.id}`, { cookie: mia })).status).toBe(404);
    expect(await list(mia)).toEqual({ member: [], totalItems: 0 });
  });

  it('trims what it stores and takes a customer without e-mail or phone', async () => {
    const created = await create(mia, { name: '  Walk-in  ', type: 'individual' });
    expect(created).toMatchObject({
      name: 'Walk-in',
      company: '',
      email: '',
      phone: '',
      status: 'active',
      notes: '',
    });
  });

  it("answers 404 for another user's customer on every call, and changes nothing", async () => {
    const lauras = await create(mia, LAURA);
    const byId = `/api/customers/${lauras.id}`;
    for (const [method, path, body] of [
      ['GET', byId, undefined],
      ['PUT', byId, ROSSI],
      ['DELETE', byId, undefined],
      ['GET', `/api/customers/${UNKNOWN_ID}`, undefined],
      ['GET', '/api/customers/not-a-uuid', undefined],
      ['DELETE', '/api/customers/not-a-uuid', undefined],
    ] as const) {
      const response = await call(
        api,
        method,
        path,
        body === undefined ? { cookie: ned } : { cookie: ned, body },
      );
      expect(response.status, `${method} ${path}`).toBe(404);
      if (path === byId) expect(await errorOf(response)).toEqual({ message: CUSTOMER_NOT_FOUND_MESSAGE });
    }
    expect(await list(ned)).toEqual({ member: [], totalItems: 0 });
    expect((await list(mia)).member).toEqual([lauras]);
  });

  it('refuses a missing name, over-long fields, a bad e-mail or phone and unknown enums with violations', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...LAURA, name: '   ' }, 'name', 'Name is required'],
      [{ ...LAURA, name: 'n'.repeat(101) }, 'name', 'Maximum 100 symbols'],
      [{ ...LAURA, email: 'not-an-address' }, 'email', 'Wrong email format'],
      [{ ...LAURA, email: `${'a'.repeat(45)}@example.test` }, 'email', 'Maximum 50 symbols'],
      [{ ...LAURA, phone: '0151; drop table' }, 'phone', 'Phone is not valid'],
      [{ ...LAURA, phone: '1'.repeat(31) }, 'phone', 'Maximum 30 symbols'],
      [{ ...LAURA, notes: 'x'.repeat(2001) }, 'notes', 'Maximum 2000 symbols'],
      [{ ...LAURA, status: 'deleted' }, 'status', 'Status must be active or suspended'],
      [{ ...LAURA, type: 'robot' }, 'type', 'Type must be business or individual'],
      [{ ...ROSSI, company: ' ' }, 'company', 'Company is required for a business'],
    ];
    for (const [body, propertyPath, message] of cases) {
      const response = await call(api, 'POST', '/api/customers', { cookie: mia, body });
      expect(await violationsOf(response), message).toContainEqual({ propertyPath, message });
    }
    const extra = await call(api, 'POST', '/api/customers', {
      cookie: mia,
      body: { ...LAURA, userId: miaId },
    });
    expect(extra.status).toBe(400);
    const created = await create(mia, LAURA);
    const badEdit = await call(api, 'PUT', `/api/customers/${created.id}`, {
      cookie: mia,
      body: { ...LAURA, email: 'nope' },
    });
    expect(await violationsOf(badEdit)).toContainEqual({
      propertyPath: 'email',
      message: 'Wrong email format',
    });
    expect((await list(mia)).totalItems).toBe(1);
  });

  it('pages newest first with the total, and bounds the page size', async () => {
    for (let index = 1; index <= 7; index += 1) await create(mia, { ...LAURA, name: `Customer ${index}` });
    await create(ned, ROSSI);
    const first = await list(mia, '?page=1&itemsPerPage=3');
    expect(first.totalItems).toBe(7);
    expect(first.member.map((customer) => customer.name)).toEqual(['Customer 7', 'Customer 6', 'Customer 5']);
    const last = await list(mia, '?page=3&itemsPerPage=3');
    expect(last.member.map((customer) => customer.name)).toEqual(['Customer 1']);
    expect(await list(mia, '?page=9&itemsPerPage=3')).toEqual({ member: [], totalItems: 7 });
    for (const query of ['?page=0', '?itemsPerPage=0', '?itemsPerPage=101', '?page=abc']) {
      const response = await call(api, 'GET', `/api/customers${query}`, { cookie: mia });
      expect((await violationsOf(response)).length, query).toBeGreaterThan(0);
    }
  });

  it('gives every page the rows of the whole list in its place, pages past the middle too', async () => {
    const whole = await list(mia, '?itemsPerPage=100');
    for (const size of [1, 2, 3, 4]) {
      const pages = [];
      for (let page = 1; page <= Math.ceil(whole.totalItems / size) + 1; page += 1) {
        const answer = await list(mia, `?page=${page}&itemsPerPage=${size}`);
        expect(answer.totalItems).toBe(whole.totalItems);
        pages.push(...answer.member.map((customer) => customer.id));
      }
      expect(pages, `${size} a page`).toEqual(whole.member.map((customer) => customer.id));
    }
  });

  it('searches name, company, e-mail and phone, case-insensitively, among the user’s own only', async () => {
    const laura = await create(mia, LAURA);
    const rossi = await create(mia, ROSSI);
    await create(mia, { ...LAURA, name: '100% Repairs_Shop', email: '', phone: '' });
    await create(ned, { ...LAURA, name: 'Laura Other' });
    const names = async (search: string) =>
      (await list(mia, `?search=${encodeURIComponent(search)}`)).member.map((customer) => customer.name);
    expect(await names('laura')).toEqual([laura.name]);
    expect(await names('TELEFONIA')).toEqual([rossi.name]);
    expect(await names('rossi.example')).toEqual([rossi.name]);
    expect(await names('+39 347')).toEqual([rossi.name]);
    expect(await names('  fischer ')).toEqual([laura.name]);
    // LIKE's own wildcards are searched for as the characters they are.
    expect(await names('%')).toEqual(['100% Repairs_Shop']);
    expect(await names('r_p')).toEqual([]);
    expect(await names('_Shop')).toEqual(['100% Repairs_Shop']);
    expect(await names('nobody')).toEqual([]);
    const found = await list(mia, '?search=a&itemsPerPage=1');
    expect(found.totalItems).toBe(3);
    const tooLong = await call(api, 'GET', `/api/customers?search=${'x'.repeat(101)}`, { cookie: mia });
    expect(await violationsOf(tooLong)).toContainEqual({
      propertyPath: 'search',
      message: 'Maximum 100 symbols',
    });
  });

  it('finds a piece of any one field among 20,000 customers from the search index, letters beyond ASCII too', async () => {
    await fillMiasBook();
    const yamada = await create(mia, { ...LAURA, name: '山田太郎', email: '', phone: '' });
    const muller = await create(mia, { ...ROSSI, name: 'Jürgen Müller', company: 'Gerätebau Süd' });
    await create(ned, { ...LAURA, name: 'Customer 12345 of another technician' });
    const search = (text: string) => list(mia, `?search=${encodeURIComponent(text)}&itemsPerPage=50`);
    const names = async (text: string) => (await search(text)).member.map((customer) => customer.name);

    expect(await names('田太郎')).toEqual([yamada.name]);
    expect(await names('üller')).toEqual([muller.name]);
    expect(await names('rätebau s')).toEqual([muller.name]);
    expect(await names('Customer 12345')).toEqual(['Customer 12345']);
    expect(await names('0012345')).toEqual(['Customer 12345']);
    // Pieces of two fields side by side are not a match: LIKE decides within one field.
    expect(await names('müllergerät')).toEqual([]);
    const many = await search('customer 1234');
    expect(many.totalItems).toBe(11);
    expect(many.member.map((customer) => customer.name).sort()).toEqual(
      ['Customer 1234', ...Array.from({ length: 10 }, (_, digit) => `Customer 1234${digit}`)].sort(),
    );
    // Each page of a search says how many match, a page past the last match too.
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(mia, `?search=customer%201234&itemsPerPage=10&page=${page}`)),
    );
    expect(pages.map((page) => [page.member.length, page.totalItems])).toEqual([
      [10, 11],
      [1, 11],
      [0, 11],
    ]);
    expect(pages.flatMap((page) => page.member.map((customer) => customer.name))).toEqual(
      many.member.map((customer) => customer.name),
    );

    const { rows: plan } = await sql`explain (format json)
      select * from customers where user_id = ${miaId}::uuid
        and customer_search_keys(user_id, name, company, email, phone) @> customer_search_query(${miaId}::uuid, 'Customer 12345')`.execute(
      api.db,
    );
    expect(JSON.stringify(plan)).toContain('customers_search_idx');
  }, 60_000);

  it('searches for a piece every customer holds through the search index, never working out each row’s pieces', async () => {
    await fillMiasBook();
    const everyone = await list(mia, '?search=customer&itemsPerPage=10');
    expect([everyone.member.length, everyone.totalItems]).toEqual([10, 20000]);

    // The plan the search runs with its own values: given "customer", the planner knew every row
    // matches, and computing each row's pieces (milliseconds a hundred rows) looked cheaper to it
    // than the index; at 100,000 rows that held the database for 6 seconds.
    const read = customerSearchPage(api.db, miaId, { page: 1, itemsPerPage: 10, search: 'customer' });
    const { sql: text, parameters } = read.compile();
    const { rows } = await api.db.executeQuery(
      CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
    );
    const plan = JSON.stringify(rows);
    expect(plan).toContain('customers_search_idx');
    expect(plan).not.toContain('"Seq Scan"');
  }, 60_000);

  it('changes the status of the listed customers in bulk, ignoring ids that are not the user’s', async () => {
    const [laura, rossi] = [await create(mia, LAURA), await create(mia, ROSSI)];
    const neds = await create(ned, LAURA);
    expect(await bulk(mia, 'bulk-status', { ids: [laura.id, rossi.id, neds.id], status: 'suspended' })).toBe(
      2,
    );
    expect((await list(mia)).member.map((customer) => customer.status)).toEqual(['suspended', 'suspended']);
    expect((await list(ned)).member[0]?.status).toBe('active');
    expect(await bulk(mia, 'bulk-status', { ids: [laura.id], status: 'active' })).toBe(1);
    expect(await bulk(ned, 'bulk-status', { ids: [laura.id], status: 'active' })).toBe(0);
  });

  it('deletes the listed customers in bulk, ignoring ids that are not the user’s', async () => {
    const [laura, rossi] = [await create(mia, LAURA), await create(mia, ROSSI)];
    const neds = await create(ned, LAURA);
    expect(await bulk(ned, 'bulk-delete', { ids: [laura.id, rossi.id] })).toBe(0);
    expect(await bulk(mia, 'bulk-delete', { ids: [laura.id, neds.id, UNKNOWN_ID] })).toBe(1);
    expect((await list(mia)).member.map((customer) => customer.id)).toEqual([rossi.id]);
    expect((await list(mia)).totalItems).toBe(1);
    expect((await list(ned)).member.map((customer) => customer.id)).toEqual([neds.id]);
  });

  it('refuses an empty, over-long or malformed list of ids and an unknown status, changing nothing', async () => {
    const laura = await create(mia, LAURA);
    const tooMany = Array.from({ length: MAX_BULK_CUSTOMER_IDS + 1 }, () => laura.id);
    for (const [path, body] of [
      ['bulk-delete', { ids: [] }],
      ['bulk-delete', { ids: tooMany }],
      ['bulk-delete', { ids: ['not-a-uuid'] }],
      ['bulk-delete', { ids: laura.id }],
      ['bulk-delete', {}],
      ['bulk-status', { ids: [laura.id], status: 'deleted' }],
      ['bulk-status', { ids: tooMany, status: 'suspended' }],
      ['bulk-status', { ids: [laura.id] }],
    ] as const) {
      const response = await call(api, 'POST', `/api/customers/${path}`, { cookie: mia, body });
      expect((await violationsOf(response)).length, JSON.stringify(body).slice(0, 80)).toBeGreaterThan(0);
    }
    const full = Array.from({ length: MAX_BULK_CUSTOMER_IDS }, () => laura.id);
    expect(await bulk(mia, 'bulk-status', { ids: full, status: 'suspended' })).toBe(1);
    expect((await list(mia)).member).toMatchObject([{ id: laura.id, status: 'suspended' }]);
  });

  it(`refuses a new customer once the book holds ${MAX_CUSTOMERS_PER_USER.toLocaleString('en')}, until one is deleted`, async () => {
    await sql`insert into customers (user_id, name, type)
      select ${miaId}::uuid, 'Customer ' || n, 'individual'
        from generate_series(1, ${MAX_CUSTOMERS_PER_USER}::int) as n`.execute(api.db);
    expect((await list(mia, '?itemsPerPage=1')).totalItems).toBe(MAX_CUSTOMERS_PER_USER);
    // Another technician's search reads their own rows from the index, none of these 100,000.
    await sql`analyze customers`.execute(api.db);
    const { rows: plan } = await sql`explain (analyze, format json)
      select count(*) from customers where user_id = ${nedId}::uuid
        and (name ilike '%a%' or company ilike '%a%' or email ilike '%a%' or phone ilike '%a%')`.execute(
      api.db,
    );
    expect(JSON.stringify(plan)).toContain('customers_user_created_idx');
    expect(JSON.stringify(plan)).not.toContain('Seq Scan');
    const refused = await call(api, 'POST', '/api/customers', { cookie: mia, body: LAURA });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ message: CUSTOMER_BOOK_FULL_MESSAGE });
    // Another technician's book is their own.
    await create(ned, LAURA);
    const [oldest] = (await list(mia, '?search=Customer%201&itemsPerPage=1')).member;
    if (!oldest) throw new Error('no customer to delete');
    await call(api, 'DELETE', `/api/customers/${oldest.id}`, { cookie: mia });
    await create(mia, LAURA);
    expect((await list(mia, '?itemsPerPage=1')).totalItems).toBe(MAX_CUSTOMERS_PER_USER);
  }, 60_000);

  it('seeds the demo account with customers of both types and statuses', async () => {
    await api.db.deleteFrom('users').execute();
    expect(await seedDemo(api.db, api.storage, api.config)).toBe(true);
    const demo = await signIn(api, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const { member, totalItems } = await list(demo, '?itemsPerPage=100');
    expect(totalItems).toBeGreaterThanOrEqual(20);
    expect(new Set(member.map((customer) => customer.type))).toEqual(new Set(['business', 'individual']));
    expect(new Set(member.map((customer) => customer.status))).toEqual(new Set(['active', 'suspended']));
  }, 60_000);
});
