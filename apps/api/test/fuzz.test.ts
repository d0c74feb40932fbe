import { errorBodySchema } from '@benchside/contracts/common';
import {
  ENCODED_NUL_VALUES,
  expectRefusedField,
  HOSTILE_STRINGS,
  NOT_AN_OBJECT,
} from '@benchside/test-kit/hostile-input';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  oneOf?: JsonSchema[];
}
interface Operation {
  method: string;
  /** OpenAPI form, `/api/cards/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level fields of a JSON body; null when the operation takes none. */
  bodyFields: string[] | null;
  /** PATCH takes merge-patch (one route accepts nothing else), everything else plain JSON. */
  bodyMediaType: string;
}

/** Every operation the API documents, with what a caller can put in it. */
async function operationsOf(api: RunningApi): Promise<Operation[]> {
  const document = (await (await fetch(`${api.url}/api/docs.json`)).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const named = (location: string) =>
        (operation.parameters ?? []).filter((parameter) => parameter.in === location).map(({ name }) => name);
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const variants = bodySchema?.oneOf ?? (bodySchema ? [bodySchema] : []);
      return {
        method: method.toUpperCase(),
        path,
        pathParams: named('path'),
        queryParams: named('query'),
        bodyMediaType: method === 'patch' ? 'application/merge-patch+json' : 'application/json',
        bodyFields: bodySchema
          ? [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))]
          : null,
      };
    }),
  );
}

/** The path with every parameter filled: the one under test with `value`, the others harmless. */
function urlPath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x1');
}

/**
 * Fuzz over the OpenAPI document: every parameter and body field of every operation gets the
 * strings PostgreSQL refuses, and every JSON body gets values that are not an object. Each must
 * answer 400 with the error shape, whichever route, signed in, before any handler runs.
 */
describe('fuzz: hostile strings and bodies on every documented API operation', () => {
  let api: RunningApi;
  let operations: Operation[];
  let cookie: string;
  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, { username: 'fuzzer', email: 'fuzzer@example.test', password: 'Fuzz#Pass1' });
    cookie = await signIn(api, 'fuzzer', 'Fuzz#Pass1');
    operations = await operationsOf(api);
  });
  afterAll(async () => {
    await api.close();
  });

  /** Sends `body`, or an empty object to an operation that takes a body, so only `path` is at stake. */
  const call = (operation: Operation, path: string, body?: unknown) => {
    const sent = body === undefined && operation.bodyFields ? {} : body;
    return fetch(`${api.url}${path}`, {
      method: operation.method,
      headers: { cookie, ...(sent === undefined ? {} : { 'content-type': operation.bodyMediaType }) },
      ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
    });
  };
  const context = (operation: Operation, where: string) => `${operation.method} ${operation.path} ${where}`;

  it('covers the API (the document lists its operations)', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('refuses a percent-encoded NUL in every path parameter with 400', async () => {
    for (const operation of operations) {
      for (const name of operation.pathParams) {
        for (const value of ENCODED_NUL_VALUES) {
          const response = await call(operation, urlPath(operation, { [name]: value }));
          await expectRefusedField(response, name).catch((error: Error) => {
            throw new Error(`${context(operation, `path ${name}=${value}`)}: ${error.message}`);
          });
        }
      }
    }
  });

  it('refuses a percent-encoded NUL in every query parameter with 400', async () => {
    for (const operation of operations) {
      for (const name of operation.queryParams) {
        for (const value of ENCODED_NUL_VALUES) {
          const response = await call(
            operation,
            `${urlPath(operation)}?${encodeURIComponent(name)}=${value}`,
          );
          await expectRefusedField(response, name).catch((error: Error) => {
            throw new Error(`${context(operation, `query ${name}=${value}`)}: ${error.message}`);
          });
        }
      }
    }
  });

  it('refuses NUL and lone surrogates in every JSON body field with 400', async () => {
    for (const operation of operations) {
      for (const field of operation.bodyFields ?? []) {
        for (const hostile of HOSTILE_STRINGS) {
          const response = await call(operation, urlPath(operation), { [field]: hostile });
          await expectRefusedField(response, field).catch((error: Error) => {
            throw new Error(
              `${context(operation, `body ${field}=${JSON.stringify(hostile)}`)}: ${error.message}`,
            );
          });
        }
        const nested = await call(operation, urlPath(operation), { [field]: [{ deep: HOSTILE_STRINGS[1] }] });
        await expectRefusedField(nested, `${field}[0].deep`);
      }
    }
  });

  it('answers a JSON body that is not an object with 400 on every operation that takes one', async () => {
    for (const operation of operations.filter(({ bodyFields }) => bodyFields !== null)) {
      for (const body of NOT_AN_OBJECT) {
        const response = await call(operation, urlPath(operation), body);
        expect(response.status, context(operation, `body ${JSON.stringify(body)}`)).toBe(400);
        errorBodySchema.strict().parse(await response.json());
      }
    }
  });
});
