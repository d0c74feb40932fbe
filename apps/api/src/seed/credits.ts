import type { CreditUseResult } from '@benchside/contracts/credits';
import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { type CreditMovement, expireCreditPack, recordCreditMovement } from '../credits/ledger-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's failed operation that still offers "Request a refund". */
export const DEMO_FAILED_USE = { function: 'Unlock', deviceModel: 'SM-A525F', credits: 5 } as const;

type Operation = { function: string; deviceModel: string; credits: number; result?: CreditUseResult };

const UNLOCK = { function: 'Unlock', deviceModel: 'SM-G991B', credits: 5 };
const READ_INFO = { function: 'Read info', deviceModel: 'Redmi Note 10 (M2101K7AG)', credits: 1 };
const REPAIR_IMEI = { function: 'Repair IMEI', deviceModel: 'SM-A536B', credits: 10 };
const FLASH = { function: 'Flash', deviceModel: 'Moto G52 (XT2221-1)', credits: 2 };
const FRP = { function: 'FRP', deviceModel: 'SM-A127F', credits: 5 };

/**
 * The demo user's credits ledger, in the order it happened, drawing on the packs `seedCards` wrote:
 * each pack's grant, the uses it paid for, the FRP pack's expiry, a failed unlock refunded and
 * another failed one still to be asked about: the packs end 37, 120 and 10 used, and the balance
 * where their credits left are.
 */
export async function seedCreditLedger(db: Kysely<Database>, userId: string): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const packs = await db
    .selectFrom('user_credit_subscriptions')
    .select(['id', 'product_id', 'valid_until'])
    .where('user_id', '=', userId)
    .execute();
  const packOf = (productId: string) => packs.find((pack) => pack.product_id === productId)?.id ?? null;
  const cards = await db
    .selectFrom('cards')
    .leftJoin('user_crds', 'user_crds.card_id', 'cards.id')
    .select(['cards.id', 'cards.serial', 'user_crds.id as crd_id'])
    .where('cards.user_id', '=', userId)
    .orderBy('cards.serial')
    .execute();
  const [unlockCard, frpCard] = cards;
  if (!unlockCard || !frpCard) throw new Error('The demo ledger needs the two demo cards');

  type Event =
    | { daysAgo: number; movement: Omit<CreditMovement, 'userId' | 'at'> }
    | { daysAgo: number; packEnd: string };
  const events: Event[] = [];
  const use = (daysAgo: number, productId: string, card: typeof unlockCard, operation: Operation) =>
    events.push({
      daysAgo,
      movement: {
        kind: 'use',
        credits: operation.credits,
        cardId: card.id,
        userCrdId: card.crd_id,
        productId,
        function: operation.function,
        deviceModel: operation.deviceModel,
        result: operation.result ?? 'succeeded',
      },
    });
  const grant = (daysAgo: number, productId: string, credits: number) =>
    events.push({
      daysAgo,
      movement: { kind: 'grant', credits, productId, subscriptionId: packOf(productId) },
    });

  grant(400, 'frp-tool', 50);
  use(380, 'frp-tool', frpCard, FRP);
  use(371, 'frp-tool', frpCard, FRP);
  grant(50, 'unlock-pro', 100);
  const unlocks: [number, Operation][] = [
    [48, UNLOCK],
    [46, READ_INFO],
    [43, UNLOCK],
    [39, READ_INFO],
    [36, UNLOCK],
    [15, UNLOCK],
    [12, READ_INFO],
    [9, UNLOCK],
    [7, READ_INFO],
    [3, { ...DEMO_FAILED_USE, result: 'failed' }],
    [2, READ_INFO],
    [1, READ_INFO],
    [0.5, READ_INFO],
  ];
  for (const [daysAgo, operation] of unlocks) use(daysAgo, 'unlock-pro', unlockCard, operation);
  grant(30, 'repair-suite', 500);
  for (let index = 0; index < 20; index += 1) {
    use(29.5 - index * 1.2, 'repair-suite', unlockCard, index % 2 === 0 ? REPAIR_IMEI : FLASH);
  }
  use(20.5, 'unlock-pro', unlockCard, { ...UNLOCK, result: 'failed' });
  events.push({
    daysAgo: 19.5,
    movement: {
      kind: 'refund',
      credits: UNLOCK.credits,
      cardId: unlockCard.id,
      userCrdId: unlockCard.crd_id,
      productId: 'unlock-pro',
      function: UNLOCK.function,
      deviceModel: UNLOCK.deviceModel,
    },
  });
  // The FRP pack's end, written by the expiry job's own writer, so the job finds it done.
  events.push({ daysAgo: 5, packEnd: 'frp-tool' });

  // Written oldest first, as they happened: each row's balance follows the one before it.
  let lastFailedUse: string | null = null;
  for (const event of events.sort((a, b) => b.daysAgo - a.daysAgo)) {
    if ('packEnd' in event) {
      const pack = packs.find((candidate) => candidate.product_id === event.packEnd);
      const endedAt = pack?.valid_until;
      if (!pack || !endedAt) throw new Error('The demo ledger needs the ended FRP Tool pack');
      await expireCreditPack(db, { id: pack.id, userId, productId: pack.product_id, endedAt }, endedAt);
      continue;
    }
    const { daysAgo, movement } = event;
    const refundOf = movement.kind === 'refund' ? lastFailedUse : null;
    const written = await recordCreditMovement(db, { ...movement, userId, refundOf, at: ago(daysAgo) });
    if (movement.result === 'failed') lastFailedUse = written.id;
  }
}
