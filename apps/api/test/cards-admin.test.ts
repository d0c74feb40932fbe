import type { openTestDatabase } from '@benchside/db/test-database';
import { createUser } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArguments, AdminContext } from '../src/admin/command.ts';
import { command as card } from '../src/admin/commands/card.ts';
import { command as credit } from '../src/admin/commands/credit.ts';
import { command as product } from '../src/admin/commands/product.ts';
import { openAdminContext } from './admin-helpers.ts';

describe('operator commands for cards, products and credits', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let context: AdminContext;
  const printed: string[] = [];
  const args = (positionals: string[], values: AdminArguments['values']): AdminArguments => ({
    positionals,
    values,
  });

  beforeAll(async () => {
    ({ database, context } = await openAdminContext((line) => printed.push(line)));
    await createUser(database.db, { username: 'ola', email: 'ola@example.test', password: 'Ola#Bench2026' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates a product, registers a card with it, assigns it, grants credits and revokes the card', async () => {
    await product.run(context, args(['create'], { id: 'unlock-pro', name: 'Unlock Pro' }));
    await card.run(
      context,
      args(['create'], { serial: 'BSC-000700', firmware: '2.0.3', product: ['unlock-pro'] }),
    );
    await card.run(context, args(['assign'], { serial: 'BSC-000700', user: 'ola' }));
    await credit.run(context, args(['grant'], { user: 'ola', amount: '50', product: 'unlock-pro' }));
    const owned = await database.db
      .selectFrom('cards')
      .innerJoin('users', 'users.id', 'cards.user_id')
      .select(['users.username', 'cards.state'])
      .where('serial', '=', 'BSC-000700')
      .executeTakeFirstOrThrow();
    expect(owned).toEqual({ username: 'ola', state: 'active' });
    const crd = await database.db
      .selectFrom('user_crds')
      .select(['login', 'card_id'])
      .executeTakeFirstOrThrow();
    expect(crd.login).toBe('ola-000700');

    await card.run(context, args(['revoke'], { serial: 'BSC-000700' }));
    const revoked = await database.db
      .selectFrom('cards')
      .select(['user_id', 'state'])
      .where('serial', '=', 'BSC-000700')
      .executeTakeFirstOrThrow();
    expect(revoked).toEqual({ user_id: null, state: 'suspended' });
    expect(printed).toEqual([
      'Product unlock-pro (Unlock Pro) created',
      'Card BSC-000700 registered (firmware 2.0.3, unlock-pro)',
      'Card BSC-000700 assigned to ola',
      '50 credits (pack) granted to ola',
      'Card BSC-000700 revoked: unassigned and suspended',
    ]);
  });

  it('explains wrong arguments instead of failing', async () => {
    await expect(card.run(context, args(['create'], { serial: 'card-1' }))).rejects.toThrow(
      '--serial must look like BSC-000123',
    );
    await expect(
      card.run(context, args(['create'], { serial: 'BSC-000701', product: ['nope'] })),
    ).rejects.toThrow('Unknown products: nope');
    await expect(card.run(context, args(['assign'], { serial: 'BSC-000999', user: 'ola' }))).rejects.toThrow(
      'There is no card BSC-000999',
    );
    await expect(credit.run(context, args(['grant'], { user: 'ola', amount: '-3' }))).rejects.toThrow(
      '--amount must be a whole number',
    );
  });
});
