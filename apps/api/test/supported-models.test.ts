import { MAX_ITEMS_PER_PAGE } from '@benchside/contracts/common';
import {
  supportedBrandsSchema,
  supportedModelSchema,
  supportedModelsCollectionSchema,
} from '@benchside/contracts/supported-models';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSupportedModelsCsv } from '../src/admin/supported-models-csv.ts';
import { importSupportedModels } from '../src/admin/supported-models-import.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { addProducts } from './supported-models-helpers.ts';

const KAI = { username: 'kai', email: 'kai@example.test', password: 'Kai#Bench2026' };

const CSV = `brand,model,codes,function,product,credits,note
Samsung,Galaxy A52,SM-A525F SM-A525M,unlock,unlock-pro,3,
Samsung,Galaxy A52,SM-A525F SM-A525M,frp,frp-tool,2,needs test point
Samsung,Galaxy A52,SM-A525F SM-A525M,read_info,unlock-pro,0,
Samsung,Galaxy S21 5G,SM-G991B,flash,unlock-pro,1,
Xiaomi,Redmi Note 10,M2101K7AG,frp,frp-tool,2,
Apple,iPhone 13,A2482|A2633,network_unlock,unlock-pro,12,
`;

describe('supported models', () => {
  let api: RunningApi;
  let kai: string;

  const search = async (query: string) => {
    const response = await call(api, 'GET', `/api/supported-models${query}`, { cookie: kai });
    expect(response.status).toBe(200);
    return supportedModelsCollectionSchema.parse(await response.json());
  };
  const names = async (query: string) => (await search(query)).member.map((model) => model.name);

  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, KAI);
    kai = await signIn(api, KAI.username, KAI.password);
    await addProducts(api.db);
    await importSupportedModels(api.db, parseSupportedModelsCsv(CSV));
    await api.db.insertInto('catalogue_brands').values({ brand: 'Samsung', models: 1 }).execute();
    await api.db
      .insertInto('catalogue_models')
      .values({ brand: 'Samsung', model: 'SM-A525F', softs: [] })
      .execute();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 401 on every call when signed out', async () => {
    for (const path of ['/api/supported-models', '/api/supported-models/brands', '/api/supported-models/1']) {
      expect((await call(api, 'GET', path)).status).toBe(401);
    }
  });

  it('finds a model by its whole code, in any case', async () => {
    expect(await names('?q=SM-A525F')).toEqual(['Galaxy A52']);
    expect(await names('?q=sm-a525m')).toEqual(['Galaxy A52']);
  });

  it('finds a model by any part of a code: "A525", "525F", "2633"', async () => {
    expect(await names('?q=A525')).toEqual(['Galaxy A52']);
    expect(await names('?q=525F')).toEqual(['Galaxy A52']);
    expect(await names('?q=2633')).toEqual(['iPhone 13']);
  });

  it('finds a model by the start of its brand and name words, all of them together', async () => {
    expect(await names('?q=galaxy')).toEqual(['Galaxy A52', 'Galaxy S21 5G']);
    expect(await names('?q=redmi%20note')).toEqual(['Redmi Note 10']);
    expect(await names('?q=samsung%20s21')).toEqual(['Galaxy S21 5G']);
    expect(await names('?q=galaxy%20redmi')).toEqual([]);
  });

  it('filters by brand in any case, alone or with the search, and lists everything without either', async () => {
    expect(await names('?brand=samsung')).toEqual(['Galaxy A52', 'Galaxy S21 5G']);
    expect(await names('?brand=Samsung&q=A525')).toEqual(['Galaxy A52']);
    expect(await names('?brand=Xiaomi&q=A525')).toEqual([]);
    const all = await search('');
    expect(all.totalItems).toBe(4);
    expect(all.member.map((model) => `${model.brand} ${model.name}`)).toEqual([
      'Apple iPhone 13',
      'Samsung Galaxy A52',
      'Samsung Galaxy S21 5G',
      'Xiaomi Redmi Note 10',
    ]);
  });

  it('lists each result with its codes and its functions in the fixed order', async () => {
    const [a52] = (await search('?q=A525')).member;
    expect(a52).toMatchObject({ brand: 'Samsung', codes: ['SM-A525F', 'SM-A525M'] });
    expect(a52?.functions).toEqual(['read_info', 'unlock', 'frp']);
  });

  it('treats search text without letters or digits as no search, and never as query syntax', async () => {
    expect((await search('?q=%27%3A*%20%26%20!')).totalItems).toBe(4);
    expect(await names(`?q=${encodeURIComponent("a525' | 'x")}`)).toEqual([]);
  });

  it('pages within bounds and refuses pages outside them with 400', async () => {
    const first = await search('?itemsPerPage=3&page=1');
    const second = await search('?itemsPerPage=3&page=2');
    expect(first.member).toHaveLength(3);
    expect(second.member.map((model) => model.name)).toEqual(['Redmi Note 10']);
    expect(first.totalItems).toBe(4);
    for (const query of [
      `?itemsPerPage=${MAX_ITEMS_PER_PAGE + 1}`,
      '?itemsPerPage=0',
      '?page=0',
      '?page=x',
      `?q=${'a'.repeat(101)}`,
      `?brand=${'b'.repeat(51)}`,
    ]) {
      const response = await call(api, 'GET', `/api/supported-models${query}`, { cookie: kai });
      expect(response.status, query).toBe(400);
      expect((await errorOf(response)).message).not.toMatch(/at .*\.ts/);
    }
  });

  it('lists the brands with their model counts', async () => {
    const response = await call(api, 'GET', '/api/supported-models/brands', { cookie: kai });
    expect(supportedBrandsSchema.parse(await response.json()).brands).toEqual([
      { brand: 'Apple', models: 1 },
      { brand: 'Samsung', models: 2 },
      { brand: 'Xiaomi', models: 1 },
    ]);
  });

  it("shows a model's functions with product, cost and note, and the firmware models named like it", async () => {
    const [a52] = (await search('?q=SM-A525F')).member;
    const response = await call(api, 'GET', `/api/supported-models/${a52?.id}`, { cookie: kai });
    expect(response.status).toBe(200);
    const model = supportedModelSchema.parse(await response.json());
    expect(model.functions).toEqual([
      { function: 'read_info', product: { id: 'unlock-pro', name: 'Unlock Pro' }, credits: 0, note: '' },
      { function: 'unlock', product: { id: 'unlock-pro', name: 'Unlock Pro' }, credits: 3, note: '' },
      {
        function: 'frp',
        product: { id: 'frp-tool', name: 'FRP Tool' },
        credits: 2,
        note: 'needs test point',
      },
    ]);
    expect(model.catalogueModels).toEqual([{ brand: 'Samsung', model: 'SM-A525F' }]);
  });

  it('answers 404 for a model that does not exist or an id that is not one', async () => {
    for (const id of ['999999', '0', 'abc', '1e3', '99999999999999999']) {
      const response = await call(api, 'GET', `/api/supported-models/${id}`, { cookie: kai });
      expect(response.status, id).toBe(404);
    }
  });
});
