import { cardSerialSchema, productIdSchema } from '@benchside/contracts/card-validation';
import { LATEST_CARD_FIRMWARE_VERSION } from '@benchside/contracts/cards';
import { sql } from 'kysely';
import { assignCard, unassignCard } from '../../cards/card-store.ts';
import {
  type AdminArguments,
  type AdminCommand,
  type AdminContext,
  AdminUsageError,
  optionalDay,
  requireOption,
} from '../command.ts';

function productsOf(args: AdminArguments): string[] {
  return (Array.isArray(args.values.product) ? args.values.product : []).map((value) => {
    const parsed = productIdSchema.safeParse(value);
    if (!parsed.success) throw new AdminUsageError(`--product ${String(value)} is not a product id`);
    return parsed.data;
  });
}

/** `--days N`: how long a licence runs from its activation, when it has no set end. */
function validDaysOf(args: AdminArguments): number | null {
  if (args.values.days === undefined) return null;
  const days = Number(args.values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new AdminUsageError('--days must be a whole number from 1 to 3650');
  return days;
}

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
 * `card create|assign|revoke|support|grant`: register a card the factory personalised (with its
 * licences), give it to a user without a reader at hand, take it back and suspend it, set when its
 * support licence ends, or sell it a product with its end (a date, or days from its activation).
 */
export const command: AdminCommand = {
  usage:
    'card create --serial S [--firmware V] [--product ID]... [--until YYYY-MM-DD] | card assign --serial S --user USERNAME | card revoke --serial S | card support --serial S --until YYYY-MM-DD | card grant --serial S --product ID [--until YYYY-MM-DD | --days N]',
  options: {
    serial: { type: 'string' },
    firmware: { type: 'string' },
    product: { type: 'string', multiple: true },
    user: { type: 'string' },
    until: { type: 'string' },
    days: { type: 'string' },
  },
  async run(context, args) {
    const { db, print } = context;
    const [action] = args.positionals;
    const serial = serialOf(args);
    if (action === 'create') {
      const products = productsOf(args);
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
          .values({ serial, firmware_version: firmware, expires_at: optionalDay(args, 'until') })
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
    if (action === 'support') {
      const until = optionalDay(args, 'until');
      if (!until) throw new AdminUsageError('--until is required');
      const card = await cardBySerial(context, serial);
      await db.updateTable('cards').set({ expires_at: until }).where('id', '=', card.id).execute();
      print(`Card ${serial} support licence runs until ${until.toISOString().slice(0, 10)}`);
      return;
    }
    if (action === 'grant') {
      const [productId, ...others] = productsOf(args);
      if (!productId || others.length > 0) throw new AdminUsageError('Give one --product ID');
      const until = optionalDay(args, 'until');
      const days = validDaysOf(args);
      if (until && days) throw new AdminUsageError('Give either --until or --days');
      const card = await cardBySerial(context, serial);
      const known = await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!known) throw new AdminUsageError(`Unknown products: ${productId}`);
      // A product the card already holds keeps its activation; only its end changes.
      await db
        .insertInto('card_products')
        .values({ card_id: card.id, product_id: productId, expires_at: until, valid_days: days })
        .onConflict((conflict) =>
          conflict.columns(['card_id', 'product_id']).doUpdateSet({
            // Days given to a licence already activated count from that activation.
            expires_at: days ? sql<Date>`card_products.activated_at + make_interval(days => ${days})` : until,
            valid_days: days,
          }),
        )
        .execute();
      const end = until
        ? `until ${until.toISOString().slice(0, 10)}`
        : days
          ? `${days} days from activation`
          : 'without an end';
      print(`Card ${serial} holds ${productId}, ${end}`);
      return;
    }
    throw new AdminUsageError('Say create, assign, revoke, support or grant');
  },
};
