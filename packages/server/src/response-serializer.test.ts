import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedReads } from './batched-lookup.ts';
import { responseSerializerCompiler, toSerializerSchema } from './response-serializer.ts';

const route = { method: 'GET', url: '/api/things', httpStatus: '200' };

function serializerFor(schema: z.ZodType) {
  return responseSerializerCompiler({ ...route, schema });
}

const entrySchema = z.object({
  id: z.string(),
  kind: z.enum(['grant', 'use', 'refund']),
  amount: z.number().int(),
  card: z.object({ id: z.uuid(), serial: z.string() }).nullable(),
  note: z.string().nullable(),
  device: z.string().optional(),
  createdAt: z.iso.datetime(),
  result: z.enum(['success', 'failed']).nullable(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  target: z.union([z.object({ model: z.string() }), z.object({ tool: z.string() })]).nullable(),
  hit: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('file'), file: z.object({ id: z.number() }) }),
    z.object({ kind: z.literal('article'), slug: z.string(), language: z.enum(['en', 'de']).nullable() }),
  ]),
});
const pageSchema = z.object({ member: z.array(entrySchema), totalItems: z.number().int() });

const page = {
  member: [
    {
      id: '41',
      kind: 'use',
      amount: -10,
      card: { id: '99c8f15d-25b6-4c2b-9369-11c91dc25773', serial: 'BSC-000101' },
      note: 'quote " and \\ backslash, </script> and \u2028',
      createdAt: '2026-11-25T13:22:42.000Z',
      result: 'failed',
      tags: ['FRP', 'Ünïcödé 文字'],
      counts: { a: 1, b: 2.5 },
      target: { tool: 'unlock-pro' },
      hit: { kind: 'file', file: { id: 7 } },
    },
    {
      id: '42',
      kind: 'grant',
      amount: 100,
      card: null,
      note: null,
      device: 'SM-A525F',
      createdAt: '2026-11-26T00:00:00.000Z',
      result: null,
      tags: [],
      counts: {},
      target: null,
      hit: { kind: 'article', slug: 'frp', language: null },
    },
  ],
  totalItems: 2,
} satisfies z.output<typeof pageSchema>;

describe('response serializer', () => {
  it('writes the same JSON as zod’s encoder for nullable, optional, enum, union, record and nested fields', () => {
    const written = serializerFor(pageSchema)(page);
    const zodWritten = zodSerializerCompiler({ ...route, schema: pageSchema })(page);
    expect(JSON.parse(written)).toEqual(JSON.parse(zodWritten));
  });

  it('leaves out every property the schema does not name, at any depth and in a union’s branch', () => {
    const withSecrets = {
      ...page,
      passwordHash: 'scrypt$…',
      member: page.member.map((entry) => ({
        ...entry,
        userId: 'someone-else',
        card: entry.card && { ...entry.card, secretKey: 'k' },
        hit: { ...entry.hit, ownerId: 'someone-else' },
      })),
    };
    const written = serializerFor(pageSchema)(withSecrets);
    expect(written).not.toMatch(/passwordHash|userId|secretKey|scrypt|ownerId/);
    expect(JSON.parse(written)).toEqual(page);
  });

  it('refuses an answer without a property the schema requires, so no partial body is sent', () => {
    const { totalItems: _missing, ...withoutTotal } = page;
    expect(() => serializerFor(pageSchema)(withoutTotal)).toThrow();
  });

  it('keeps zod’s encoder for a schema JSON Schema cannot express', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const withDate = z.object({ at: isoDate });
    expect(() => z.toJSONSchema(withDate, { io: 'output', unrepresentable: 'throw' })).toThrow();
    const at = new Date('2026-11-28T06:51:12.000Z');
    expect(JSON.parse(serializerFor(withDate)({ at }))).toEqual({ at: '2026-11-28T06:51:12.000Z' });
  });

  it('accepts a schema given as { properties } as the zod type provider does', () => {
    const serialize = responseSerializerCompiler({ ...route, schema: { properties: pageSchema } });
    expect(JSON.parse(serialize(page))).toEqual(page);
  });

  it('writes an answer many replies share once, and the same JSON for each of them', async () => {
    const serialize = serializerFor(pageSchema);
    let reads = 0;
    const counted = {
      get member() {
        reads += 1;
        return page.member;
      },
      totalItems: page.totalItems,
    };
    const shared = sharedReads<typeof counted>();
    const [first, second] = await Promise.all([
      shared('page 1', async () => counted),
      shared('page 1', async () => counted),
    ]);
    const bodies = [serialize(first), serialize(second), serialize(first)];
    expect(new Set(bodies)).toEqual(new Set([serialize(page)]));
    expect(reads).toBe(1);
  });

  it('writes an answer of its own afresh each time, so a changed object is written as it now is', () => {
    const serialize = serializerFor(pageSchema);
    const answer = structuredClone(page);
    const before = serialize(answer);
    answer.totalItems = 3;
    expect(JSON.parse(serialize(answer)).totalItems).toBe(3);
    expect(JSON.parse(before).totalItems).toBe(2);
  });

  it('marks x-or-null as nullable and leaves unions with null alone', () => {
    expect(toSerializerSchema({ anyOf: [{ type: 'null' }, { type: 'object', properties: {} }] })).toEqual({
      type: 'object',
      properties: {},
      nullable: true,
    });
    const unionOrNull = { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] };
    expect(toSerializerSchema(unionOrNull)).toEqual(unionOrNull);
  });
});
