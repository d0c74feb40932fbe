import { productIdSchema } from '@benchside/contracts/card-validation';
import { creditUseResultSchema, customerDeviceSchema } from '@benchside/contracts/credits';
import { recordCreditMovement, refundCreditUse } from '../../credits/ledger-store.ts';
import {
  type AdminArguments,
  type AdminCommand,
  type AdminContext,
  AdminUsageError,
  optionalDay,
  requireOption,
} from '../command.ts';

type Db = AdminContext['db'];

const MAX_LABEL_LENGTH = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readCredits(args: AdminArguments): number {
  const amount = Number(requireOption(args, 'amount'));
  if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000) {
    throw new AdminUsageError('--amount must be a whole number from 1 to 1000000');
  }
  return amount;
}

async function findUser(db: Db, username: string): Promise<{ id: string }> {
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (!user) throw new AdminUsageError(`There is no user ${username}`);
  return user;
}

async function readProduct(db: Db, args: AdminArguments): Promise<string | null> {
  if (typeof args.values.product !== 'string') return null;
  const parsed = productIdSchema.safeParse(args.values.product);
  const known =
    parsed.success &&
    (await db.selectFrom('products').select('id').where('id', '=', parsed.data).executeTakeFirst());
  if (!parsed.success || !known) throw new AdminUsageError(`There is no product ${args.values.product}`);
  return parsed.data;
}

/** A label the technician reads back in the ledger: one line, 1..64 characters. */
function readLabel(args: AdminArguments, name: string, required: boolean): string | null {
  const value = required ? requireOption(args, name) : args.values[name];
  if (typeof value !== 'string') return null;
  const label = value.trim();
  const controlCharacter = [...label].some((character) => character < ' ' || character === '\u007f');
  if (label.length < 1 || label.length > MAX_LABEL_LENGTH || controlCharacter) {
    throw new AdminUsageError(`--${name} must be one line of 1 to ${MAX_LABEL_LENGTH} characters`);
  }
  return label;
}

/**
 * `--customer ID [--device TEXT]`: the user's own customer the operation was for, and the device;
 * a device needs a customer.
 */
async function readCustomer(
  db: Db,
  args: AdminArguments,
  user: { id: string },
  username: string,
): Promise<{ customerId: string | null; customerDevice: string | null }> {
  const { customer, device } = args.values;
  if (typeof customer !== 'string') {
    if (device !== undefined) throw new AdminUsageError('--device needs --customer');
    return { customerId: null, customerDevice: null };
  }
  const known =
    UUID.test(customer) &&
    (await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customer)
      .where('user_id', '=', user.id)
      .executeTakeFirst());
  if (!known) throw new AdminUsageError(`${username} has no customer ${customer}`);
  const parsed = customerDeviceSchema.safeParse(typeof device === 'string' ? device : '');
  if (!parsed.success) throw new AdminUsageError(`--device: ${parsed.error.issues[0]?.message}`);
  return { customerId: known.id, customerDevice: parsed.data || null };
}

/** `credit grant`: a credit pack or subscription bought by a user, and its ledger row. */
async function grant({ db, print }: AdminContext, args: AdminArguments): Promise<void> {
  const username = requireOption(args, 'user');
  const amount = readCredits(args);
  const user = await findUser(db, username);
  const productId = await readProduct(db, args);
  const validUntil = optionalDay(args, 'valid-until');
  const kind = args.values.subscription === true ? 'subscription' : 'pack';
  await db.transaction().execute(async (trx) => {
    const pack = await trx
      .insertInto('user_credit_subscriptions')
      .values({ user_id: user.id, product_id: productId, kind, amount, valid_until: validUntil })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCreditMovement(trx, {
      userId: user.id,
      kind: 'grant',
      credits: amount,
      productId,
      subscriptionId: pack.id,
    });
  });
  print(`${amount} credits (${kind}) granted to ${username}`);
}

/** `credit use`: what a tool server reports when an operation used a user's credits. */
async function use({ db, print }: AdminContext, args: AdminArguments): Promise<void> {
  const username = requireOption(args, 'user');
  const credits = readCredits(args);
  const operation = readLabel(args, 'function', true);
  const deviceModel = readLabel(args, 'model', false);
  const result = creditUseResultSchema.safeParse(requireOption(args, 'result'));
  if (!result.success) throw new AdminUsageError('--result must be succeeded or failed');
  const user = await findUser(db, username);
  const productId = await readProduct(db, args);
  let cardId: string | null = null;
  if (typeof args.values.card === 'string') {
    const card = await db
      .selectFrom('cards')
      .select('id')
      .where('serial', '=', args.values.card)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!card) throw new AdminUsageError(`${username} has no card ${args.values.card}`);
    cardId = card.id;
  }
  let userCrdId: string | null = null;
  if (typeof args.values.credential === 'string') {
    const crd = await db
      .selectFrom('user_crds')
      .select('id')
      .where('login', '=', args.values.credential)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!crd) throw new AdminUsageError(`${username} has no credential ${args.values.credential}`);
    userCrdId = crd.id;
  }
  const customer = await readCustomer(db, args, user, username);
  const entry = await recordCreditMovement(db, {
    userId: user.id,
    kind: 'use',
    credits,
    cardId,
    userCrdId,
    productId,
    function: operation,
    deviceModel,
    result: result.data,
    ...customer,
  });
  print(
    `Entry ${entry.id}: ${credits} credits used by ${username} (${operation}, ${result.data}); balance ${entry.balanceAfter}`,
  );
}

/** `credit refund`: gives back the credits of a failed use, once. */
async function refund({ db, print }: AdminContext, args: AdminArguments): Promise<void> {
  const entryId = requireOption(args, 'entry');
  const refunded = await refundCreditUse(db, entryId);
  print(
    `Entry ${refunded.id}: ${refunded.credits} credits of entry ${entryId} refunded; balance ${refunded.balanceAfter}`,
  );
}

const ACTIONS = { grant, use, refund } as const;

export const command: AdminCommand = {
  usage:
    'credit grant --user USERNAME --amount N [--product ID] [--subscription] [--valid-until YYYY-MM-DD] | credit use --user USERNAME --amount N --function F --result succeeded|failed [--card SERIAL] [--credential LOGIN] [--product ID] [--model M] [--customer ID [--device TEXT]] | credit refund --entry ID',
  options: {
    user: { type: 'string' },
    amount: { type: 'string' },
    product: { type: 'string' },
    subscription: { type: 'boolean' },
    'valid-until': { type: 'string' },
    function: { type: 'string' },
    model: { type: 'string' },
    result: { type: 'string' },
    card: { type: 'string' },
    credential: { type: 'string' },
    customer: { type: 'string' },
    device: { type: 'string' },
    entry: { type: 'string' },
  },
  async run(context, args) {
    const action = args.positionals[0];
    if (action !== 'grant' && action !== 'use' && action !== 'refund')
      throw new AdminUsageError('Say grant, use or refund');
    await ACTIONS[action](context, args);
  },
};
