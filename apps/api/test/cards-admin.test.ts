import type { openTestDatabase } from '@benchside/db/test-database';
import { createUser } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArguments, AdminContext } from '../src/admin/command.ts';
import { command as card } from '../src/admin/commands/card.ts';
import { command as credit } from '../src/admin/commands/credit.ts';
import { command as product } from '../src/admin/commands/product.ts';
import { command as reminders } from '../src/admin/commands/reminders.ts';
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

  it('writes a grant, an operation that used credits and the refund of a failed one to the ledger', async () => {
    printed.length = 0;
    await credit.run(
      context,
      args(['use'], { user: 'ola', amount: '4', function: 'FRP', model: 'SM-A127F', result: 'failed' }),
    );
    const ledger = () =>
      database.db
        .selectFrom('credit_ledger')
        .innerJoin('users', 'users.id', 'credit_ledger.user_id')
        .select(['credit_ledger.id', 'kind', 'amount', 'balance_after', 'function', 'device_model', 'result'])
        .where('users.username', '=', 'ola')
        .orderBy('credit_ledger.id')
        .execute();
    const [granted, used] = await ledger();
    expect(granted).toMatchObject({ kind: 'grant', amount: 50, balance_after: 50 });
    expect(used).toMatchObject({
      kind: 'use',
      amount: -4,
      balance_after: 46,
      function: 'FRP',
      device_model: 'SM-A127F',
      result: 'failed',
    });
    const useId = String(used?.id);
    await credit.run(context, args(['refund'], { entry: useId }));
    await expect(credit.run(context, args(['refund'], { entry: useId }))).rejects.toThrow(
      'This operation was already refunded',
    );
    const refundRow = (await ledger())[2];
    expect(refundRow).toMatchObject({ kind: 'refund', amount: 4, balance_after: 50 });
    expect(printed).toEqual([
      `Entry ${useId}: 4 credits used by ola (FRP, failed); balance 46`,
      `Entry ${refundRow?.id}: 4 credits of entry ${useId} refunded; balance 50`,
    ]);

    await credit.run(
      context,
      args(['use'], { user: 'ola', amount: '1', function: 'Read info', result: 'succeeded' }),
    );
    const succeeded = String((await ledger())[3]?.id);
    await expect(credit.run(context, args(['refund'], { entry: succeeded }))).rejects.toThrow(
      'Only a failed operation can be refunded',
    );
    await expect(
      credit.run(context, args(['use'], { user: 'ola', amount: '50', function: 'Unlock', result: 'failed' })),
    ).rejects.toThrow('Not enough credits: 49 left');
    await expect(
      credit.run(
        context,
        args(['use'], { user: 'ola', amount: '1', function: 'Unlock', result: 'failed', card: 'BSC-000700' }),
      ),
    ).rejects.toThrow('ola has no card BSC-000700');
    await expect(
      credit.run(context, args(['use'], { user: 'ola', amount: '1', function: 'Unlock', result: 'maybe' })),
    ).rejects.toThrow('--result must be succeeded or failed');
    await expect(
      credit.run(context, args(['use'], { user: 'ola', amount: '1', function: 'a\nb', result: 'failed' })),
    ).rejects.toThrow('--function must be one line of 1 to 64 characters');
    await expect(credit.run(context, args(['refund'], { entry: 'x' }))).rejects.toThrow(
      'The requested ledger entry is not found',
    );
  });

  it('names the customer and the device an operation was for, only a customer of the same user', async () => {
    const customer = (name: string, username: string) =>
      database.db
        .insertInto('customers')
        .values((eb) => ({
          name,
          type: 'individual',
          user_id: eb.selectFrom('users').select('id').where('username', '=', username),
        }))
        .returning('id')
        .executeTakeFirstOrThrow();
    const kenji = await customer('Kenji Watanabe', 'ola');
    await createUser(database.db, { username: 'pia', email: 'pia@example.test', password: 'Pia#Bench2026' });
    const someoneElses = await customer('Pia’s customer', 'pia');
    const operation = { user: 'ola', amount: '1', function: 'Unlock', result: 'succeeded' };
    await credit.run(
      context,
      args(['use'], { ...operation, customer: kenji.id, device: ' Galaxy A52 · IMEI 356789012345678 ' }),
    );
    const row = await database.db
      .selectFrom('credit_ledger')
      .select(['customer_id', 'customer_device'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_id: kenji.id, customer_device: 'Galaxy A52 · IMEI 356789012345678' });

    for (const id of [someoneElses.id, 'not-a-customer']) {
      await expect(credit.run(context, args(['use'], { ...operation, customer: id }))).rejects.toThrow(
        `ola has no customer ${id}`,
      );
    }
    await expect(credit.run(context, args(['use'], { ...operation, device: 'Pixel 7' }))).rejects.toThrow(
      '--device needs --customer',
    );
    await expect(
      credit.run(context, args(['use'], { ...operation, customer: kenji.id, device: 'Pixel\n7' })),
    ).rejects.toThrow('--device: The device must be one line of text');
    await expect(
      credit.run(context, args(['use'], { ...operation, customer: kenji.id, device: 'x'.repeat(101) })),
    ).rejects.toThrow('--device: Maximum 100 symbols');
  });

  it('sets when a card and its products expire, and runs the reminder job', async () => {
    printed.length = 0;
    await card.run(context, args(['create'], { serial: 'BSC-000710', until: '2031-01-31' }));
    await card.run(context, args(['assign'], { serial: 'BSC-000710', user: 'ola' }));
    await card.run(context, args(['grant'], { serial: 'BSC-000710', product: ['unlock-pro'], days: '365' }));
    const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await card.run(context, args(['support'], { serial: 'BSC-000710', until: soon }));
    await reminders.run(context, args(['run'], {}));
    await reminders.run(context, args(['run'], {}));
    const stored = await database.db
      .selectFrom('cards')
      .innerJoin('card_products', 'card_products.card_id', 'cards.id')
      .select([
        'cards.expires_at',
        'card_products.valid_days',
        'card_products.expires_at as product_expires_at',
      ])
      .where('serial', '=', 'BSC-000710')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      expires_at: new Date(`${soon}T23:59:59Z`),
      valid_days: 365,
      product_expires_at: null,
    });
    expect(printed).toEqual([
      'Card BSC-000710 registered (firmware 2.1.0)',
      'Card BSC-000710 assigned to ola',
      'Card BSC-000710 holds unlock-pro, 365 days from activation',
      `Card BSC-000710 support licence runs until ${soon}`,
      '0 credit packs expired',
      '1 expiry reminders sent',
      '0 credit packs expired',
      '0 expiry reminders sent',
    ]);
    await expect(
      card.run(context, args(['grant'], { serial: 'BSC-000710', product: ['unlock-pro'], days: '0' })),
    ).rejects.toThrow('--days must be a whole number from 1 to 3650');
    await expect(
      card.run(context, args(['support'], { serial: 'BSC-000710', until: '31.01.2031' })),
    ).rejects.toThrow('--until must be YYYY-MM-DD');
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
