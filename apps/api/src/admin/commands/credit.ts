import { productIdSchema } from '@benchside/contracts/card-validation';
import { type AdminCommand, AdminUsageError, optionalDay, requireOption } from '../command.ts';

/** `credit grant`: a credit pack or subscription bought by a user. */
export const command: AdminCommand = {
  usage: 'credit grant --user USERNAME --amount N [--product ID] [--subscription] [--valid-until YYYY-MM-DD]',
  options: {
    user: { type: 'string' },
    amount: { type: 'string' },
    product: { type: 'string' },
    subscription: { type: 'boolean' },
    'valid-until': { type: 'string' },
  },
  async run({ db, print }, args) {
    if (args.positionals[0] !== 'grant') throw new AdminUsageError('Say grant');
    const username = requireOption(args, 'user');
    const amount = Number(requireOption(args, 'amount'));
    if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000) {
      throw new AdminUsageError('--amount must be a whole number from 1 to 1000000');
    }
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new AdminUsageError(`There is no user ${username}`);
    let productId: string | null = null;
    if (typeof args.values.product === 'string') {
      const parsed = productIdSchema.safeParse(args.values.product);
      const known =
        parsed.success &&
        (await db.selectFrom('products').select('id').where('id', '=', parsed.data).executeTakeFirst());
      if (!parsed.success || !known) throw new AdminUsageError(`There is no product ${args.values.product}`);
      productId = parsed.data;
    }
    const validUntil = optionalDay(args, 'valid-until');
    const kind = args.values.subscription === true ? 'subscription' : 'pack';
    await db
      .insertInto('user_credit_subscriptions')
      .values({ user_id: user.id, product_id: productId, kind, amount, valid_until: validUntil })
      .execute();
    print(`${amount} credits (${kind}) granted to ${username}`);
  },
};
