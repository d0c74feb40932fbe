import { cardSerialSchema, productIdSchema } from '@benchside/contracts/card-validation';
import { LATEST_CARD_FIRMWARE_VERSION } from '@benchside/contracts/cards';
import { assignCard, unassignCard } from '../../cards/card-store.ts';
import {
  type AdminArguments,
  type AdminCommand,
  type AdminContext,
  AdminUsageError,
  requireOption,
} from '../command.ts';

function serialOf(args: AdminArguments): string {
  const parsed = cardSerialSchema.safeParse(requireOption(args, 'serial'));
  if (!parsed.success) throw new AdminUsageError('--serial must look like BSC-000123');
  return parsed.data;
}

async function cardBySerial({ db }: AdminContext, serial: string) {
  const card = await db.selectFrom('cards').selectAll().where('serial', '=', serial).executeTakeFirst();
  if (!card) throw new AdminUsageError(`There is no card ${serial}: register it with "card create" first`);
  return card;
}

/**
 * `card create|assign|revoke`: register a card the factory personalised (with its licences), give
 * it to a user without a reader at hand, or take it back and suspend it.
 */
export const command: AdminCommand = {
  usage:
    'card create --serial S [--firmware V] [--product ID]... | card assign --serial S --user USERNAME | card revoke --serial S',
  options: {
    serial: { type: 'string' },
    firmware: { type: 'string' },
    product: { type: 'string', multiple: true },
    user: { type: 'string' },
  },
  async run(context, args) {
    const { db, print } = context;
    const [action] = args.positionals;
    const serial = serialOf(args);
    if (action === 'create') {
      const products = (Array.isArray(args.values.product) ? args.values.product : []).map((value) => {
        const parsed = productIdSchema.safeParse(value);
        if (!parsed.success) throw new AdminUsageError(`--product ${String(value)} is not a product id`);
        return parsed.data;
      });
      const firmware =
        typeof args.values.firmware === 'string' ? args.values.firmware : LATEST_CARD_FIRMWARE_VERSION;
      if (!/^\d{1,3}(?:\.\d{1,3}){1,3}$/.test(firmware))
        throw new AdminUsageError('--firmware must look like 2.1.0');
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('cards')
          .select('id')
          .where('serial', '=', serial)
          .executeTakeFirst();
        if (existing) throw new AdminUsageError(`The card ${serial} is already registered`);
        const known = products.length
          ? await trx.selectFrom('products').select('id').where('id', 'in', products).execute()
          : [];
        const missing = products.filter((id) => !known.some((row) => row.id === id));
        if (missing.length) throw new AdminUsageError(`Unknown products: ${missing.join(', ')}`);
        const card = await trx
          .insertInto('cards')
          .values({ serial, firmware_version: firmware })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (products.length) {
          await trx
            .insertInto('card_products')
            .values(products.map((product_id) => ({ card_id: card.id, product_id })))
            .execute();
        }
      });
      print(
        `Card ${serial} registered (firmware ${firmware}${products.length ? `, ${products.join(', ')}` : ''})`,
      );
      return;
    }
    if (action === 'assign') {
      const username = requireOption(args, 'user');
      const user = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!user) throw new AdminUsageError(`There is no user ${username}`);
      const card = await cardBySerial(context, serial);
      if (card.user_id === user.id) {
        print(`Card ${serial} already belongs to ${username}`);
        return;
      }
      await db.transaction().execute(async (trx) => {
        if (card.user_id) await unassignCard(trx, card.id, card.user_id);
        await trx.updateTable('cards').set({ state: 'active' }).where('id', '=', card.id).execute();
        await assignCard(trx, card, user);
      });
      print(`Card ${serial} assigned to ${username}`);
      return;
    }
    if (action === 'revoke') {
      const card = await cardBySerial(context, serial);
      await db.transaction().execute(async (trx) => {
        if (card.user_id) await unassignCard(trx, card.id, card.user_id);
        await trx.updateTable('cards').set({ state: 'suspended' }).where('id', '=', card.id).execute();
      });
      print(`Card ${serial} revoked: unassigned and suspended`);
      return;
    }
    throw new AdminUsageError('Say create, assign or revoke');
  },
};
