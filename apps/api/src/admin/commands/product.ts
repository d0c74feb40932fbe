import { productIdSchema } from '@benchside/contracts/card-validation';
import { type AdminCommand, AdminUsageError, requireOption } from '../command.ts';

/** `product create`: a licence that cards can hold and credits can be bought for. */
export const command: AdminCommand = {
  usage: 'product create --id ID --name NAME [--description TEXT]',
  options: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } },
  async run({ db, print }, args) {
    if (args.positionals[0] !== 'create') throw new AdminUsageError('Say create');
    const id = productIdSchema.safeParse(requireOption(args, 'id'));
    if (!id.success) throw new AdminUsageError('--id must be 1 to 64 letters, digits, "_", "." or "-"');
    const name = requireOption(args, 'name').trim();
    const description = typeof args.values.description === 'string' ? args.values.description.trim() : '';
    const created = await db
      .insertInto('products')
      .values({ id: id.data, name, description })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw new AdminUsageError(`The product ${id.data} already exists`);
    print(`Product ${id.data} (${name}) created`);
  },
};
