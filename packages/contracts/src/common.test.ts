import { describe, expect, it } from 'vitest';
import { pagingQuerySchema } from './common.ts';

describe('pagingQuerySchema', () => {
  it('defaults to page 1 of 30 and reads query strings as numbers', () => {
    expect(pagingQuerySchema.parse({})).toEqual({ page: 1, itemsPerPage: 30 });
    expect(pagingQuerySchema.parse({ page: '3', itemsPerPage: '100' })).toEqual({
      page: 3,
      itemsPerPage: 100,
    });
  });

  it.each([{ page: '0' }, { itemsPerPage: '0' }, { itemsPerPage: '101' }, { page: '1.5' }, { page: 'x' }])(
    'refuses %j',
    (query) => {
      expect(pagingQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
