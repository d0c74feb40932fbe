import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { isSharedAnswer } from './batched-lookup.ts';

type JsonSchema = { [keyword: string]: unknown };
type ResponseSchema = ZodType | { properties: ZodType };

/**
 * Response bodies written by a serializer compiled from each route's zod schema (turned into JSON
 * Schema by zod, compiled by fast-json-stringify, which Fastify itself uses), instead of zod
 * encoding every answer before `JSON.stringify`: a ledger page of 20 rows spent a fifth of its
 * CPU in that encoding (decision 133). What reaches the client is the same: only the schema's
 * properties are written, so a column the schema does not name never leaves the server. The
 * types of what handlers return are checked against the schema by TypeScript (the zod type
 * provider), not again on every answer. A schema JSON Schema cannot express (a transform) keeps
 * zod's encoder. Each serializer is built on a route's first answer, so starting is not slowed.
 * An answer many replies share (`sharedReads`: one page for fifty pollers) is written once and its
 * JSON reused by the others; writing a 20-row page was a tenth of a list call's CPU.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
  let serialize: ((data: unknown) => string) | undefined;
  const sharedBodies = new WeakMap<object, string>();
  return (data) => {
    serialize ??= compileSerializer(schema, () => zodSerializerCompiler({ ...route, schema }));
    if (!isSharedAnswer(data)) return serialize(data);
    let body = sharedBodies.get(data);
    if (body === undefined) {
      body = serialize(data);
      sharedBodies.set(data, body);
    }
    return body;
  };
};

function compileSerializer(schema: ZodType, fallback: () => (data: unknown) => string) {
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  } catch {
    return fallback();
  }
  return fastJsonStringify(toSerializerSchema(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
}

/**
 * zod's JSON Schema made fit for fast-json-stringify, which writes only the properties a schema
 * declares whatever else is there. It picks a union's branch by validating the value against each
 * branch, so `additionalProperties: false` goes: the rows handlers return carry columns the schema
 * leaves out, and no branch would match them. zod writes `x.nullable()` as `anyOf: [x, {type:
 * 'null'}]`, which would be validated the same way; fast-json-stringify's own `nullable` keyword is
 * a plain null check.
 */
export function toSerializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSerializerSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const converted = Object.fromEntries(
    Object.entries(schema)
      .filter(([keyword, value]) => !(keyword === 'additionalProperties' && value === false))
      .map(([keyword, value]) => [keyword, toSerializerSchema(value)]),
  ) as JsonSchema;
  const branches = converted.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return converted;
  const nullAt = branches.findIndex((branch) => isNullType(branch));
  const other = branches[1 - nullAt] as JsonSchema | undefined;
  if (nullAt === -1 || !other || ['anyOf', 'oneOf', '$ref', 'const'].some((keyword) => keyword in other))
    return converted;
  const { anyOf: _replaced, ...siblings } = converted;
  // The validator that picks a union's branch accepts null for `nullable` only if an enum lists it.
  const nullableEnum = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
  return { ...siblings, ...other, ...nullableEnum, nullable: true };
}

function isNullType(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';
}
