import { errorBodySchema } from '@benchside/contracts/common';
import { expect } from 'vitest';

/**
 * Strings PostgreSQL cannot store: it refuses U+0000 in text, and a lone UTF-16 surrogate is not
 * Unicode at all. Each sits at the start, in the middle or at the end of an ordinary value.
 */
export const NUL = '\u0000';
export const LONE_HIGH_SURROGATE = '\uD83D';
export const LONE_LOW_SURROGATE = '\uDE00';
export const HOSTILE_STRINGS = [
  `${NUL}alice`,
  `ali${NUL}ce`,
  `alice${NUL}`,
  `${LONE_HIGH_SURROGATE}alice`,
  `alice${LONE_LOW_SURROGATE}`,
  `a${LONE_LOW_SURROGATE}${LONE_HIGH_SURROGATE}b`,
];

/** NUL as it arrives percent-encoded in a URL: at the start, in the middle, at the end. */
export const ENCODED_NUL_VALUES = ['%00abc', 'ab%00c', 'abc%00'];

/** JSON bodies that are valid JSON but not the object every route expects. */
export const NOT_AN_OBJECT = [null, [], 42, 'text', true];

/** The answer every hostile request gets: a 400 whose one violation names the field. */
export async function expectRefusedField(response: Response, propertyPath: string): Promise<void> {
  expect(response.status).toBe(400);
  const body = errorBodySchema.strict().parse(await response.json());
  expect(body.violations).toEqual([{ propertyPath, message: expect.stringMatching(/NUL|Unicode/) }]);
  expect(body.message).toBe(`${propertyPath}: ${body.violations?.[0]?.message}`);
}
