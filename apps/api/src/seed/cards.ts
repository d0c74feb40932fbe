import { createHash, randomBytes } from 'node:crypto';
import { SIMULATED_CARD_SERIAL } from '@benchside/contracts/card-validation';
import type { Database } from '@benchside/db/database';
import { hashPassword } from '@benchside/server/passwords';
import type { Kysely } from 'kysely';
import { assignCard, generateCrdPassword } from '../cards/card-store.ts';
import { seedCreditLedger } from './credits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo tokens were never shown to anyone: the hash of a secret nobody kept. */
function unusableTokenHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

export const DEMO_PRODUCTS = [
  { id: 'unlock-pro', name: 'Unlock Pro', description: 'Network unlocking for the supported phone brands' },
  { id: 'repair-suite', name: 'Repair Suite', description: 'Flashing, repair of IMEI and boot partitions' },
  { id: 'frp-tool', name: 'FRP Tool', description: 'Factory reset protection removal' },
  { id: 'data-rescue', name: 'Data Rescue', description: 'Read user data from damaged phones' },
] as const;

/**
 * The demo user's card area: two cards with licences, their credentials with logs, sessions,
 * machines and third-party tokens, and credit packs with their ledger (seed/credits.ts), some ending in about 5, 20 and 60 days and one
 * product bought but not yet activated; and the card inside the helper's simulated reader,
 * registered but free, so the demo user (or a new one) can validate it.
 */
export async function seedCards(db: Kysely<Database>, user: { id: string; username: string }): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const inDays = (days: number) => new Date(now + days * DAY_MS);
  await db
    .insertInto('products')
    .values([...DEMO_PRODUCTS])
    .execute();

  const cards = await db
    .insertInto('cards')
    .values([
      { serial: 'BSC-000101', firmware_version: '2.1.0', expires_at: inDays(60) },
      { serial: 'BSC-000102', firmware_version: '2.0.3' },
      { serial: SIMULATED_CARD_SERIAL, firmware_version: '2.0.3' },
    ])
    .returningAll()
    .execute();
  const [first, second, simulated] = cards;
  if (!first || !second || !simulated) throw new Error('unreachable: three cards inserted');
  await db
    .insertInto('card_products')
    .values([
      { card_id: first.id, product_id: 'unlock-pro', granted_at: ago(120), activated_at: ago(119) },
      {
        card_id: first.id,
        product_id: 'repair-suite',
        granted_at: ago(60),
        activated_at: ago(59),
        expires_at: inDays(20),
      },
      {
        card_id: second.id,
        product_id: 'frp-tool',
        granted_at: ago(30),
        activated_at: ago(29),
        expires_at: inDays(5),
      },
      // Bought, not yet activated: its year starts when the card writes it.
      {
        card_id: second.id,
        product_id: 'data-rescue',
        granted_at: ago(2),
        activated_at: null,
        valid_days: 365,
      },
      { card_id: simulated.id, product_id: 'unlock-pro', granted_at: ago(1) },
      { card_id: simulated.id, product_id: 'repair-suite', granted_at: ago(1) },
    ])
    .execute();
  await assignCard(db, first, user);
  await assignCard(db, second, user);

  await db
    .insertInto('card_downloads')
    .values(
      Array.from({ length: 12 }, (_, index) => ({
        card_id: index % 3 === 2 ? second.id : first.id,
        user_id: user.id,
        name: ['Galaxy A54 firmware', 'Pixel 7 factory image', 'Unlock Pro update'][index % 3] ?? '',
        version: `1.${index}.0`,
        size: 250_000_000 + index * 17_000_000,
        date: ago(index * 3 + 1),
      })),
    )
    .execute();

  const crds = await db
    .selectFrom('user_crds')
    .select(['id', 'login'])
    .where('user_id', '=', user.id)
    .orderBy('login')
    .execute();
  const password = await hashPassword(generateCrdPassword());
  for (const [index, crd] of crds.entries()) {
    await db
      .updateTable('user_crds')
      .set({ password_hash: password, login_at: ago(index + 0.2) })
      .where('id', '=', crd.id)
      .execute();
    await db
      .insertInto('user_crd_logs')
      .values(
        Array.from({ length: 5 }, (_, day) => ({
          user_crd_id: crd.id,
          event: day === 3 ? 'login-failed' : 'login',
          ip: `192.0.2.${10 + day}`,
          machine: day % 2 === 0 ? 'WORKBENCH-PC' : 'LAPTOP-REPAIR',
          at: ago(index + day + 0.2),
        })),
      )
      .execute();
    await db
      .insertInto('user_crd_sessions')
      .values([
        {
          user_crd_id: crd.id,
          machine: 'WORKBENCH-PC',
          started_at: ago(index + 0.2),
          last_seen_at: ago(0.01),
        },
        { user_crd_id: crd.id, machine: 'LAPTOP-REPAIR', started_at: ago(index + 1), last_seen_at: ago(0.5) },
      ])
      .execute();
    await db
      .insertInto('token_events')
      .values([
        { user_crd_id: crd.id, event: 'issued', machine: 'WORKBENCH-PC', at: ago(index + 3) },
        { user_crd_id: crd.id, event: 'refreshed', machine: 'WORKBENCH-PC', at: ago(index + 1) },
        { user_crd_id: crd.id, event: 'issued', machine: 'LAPTOP-REPAIR', at: ago(index + 0.5) },
      ])
      .execute();
    await db
      .insertInto('token_fingerprints')
      .values([
        {
          user_crd_id: crd.id,
          fingerprint: `5f3a9c1e${index}b7d2-workbench`,
          machine: 'WORKBENCH-PC',
          first_seen_at: ago(90),
          last_seen_at: ago(0.01),
        },
        {
          user_crd_id: crd.id,
          fingerprint: `8e2d4b6a${index}c1f0-laptop`,
          machine: 'LAPTOP-REPAIR',
          first_seen_at: ago(20),
          last_seen_at: ago(0.5),
        },
      ])
      .execute();
    await db
      .insertInto('third_party_software_tokens')
      .values([
        { user_crd_id: crd.id, name: 'Shop POS', token_hash: unusableTokenHash(), created_at: ago(40) },
        {
          user_crd_id: crd.id,
          name: 'Repair tracker',
          token_hash: unusableTokenHash(),
          active: false,
          created_at: ago(10),
        },
      ])
      .execute();
  }

  // Unused as bought: the credits ledger's uses (seed/credits.ts) draw them down.
  await db
    .insertInto('user_credit_subscriptions')
    .values([
      {
        user_id: user.id,
        kind: 'pack',
        product_id: 'unlock-pro',
        amount: 100,
        valid_until: inDays(20),
        created_at: ago(50),
      },
      {
        user_id: user.id,
        kind: 'subscription',
        product_id: 'repair-suite',
        amount: 500,
        valid_until: inDays(200),
        created_at: ago(30),
      },
      {
        user_id: user.id,
        kind: 'pack',
        product_id: 'frp-tool',
        amount: 50,
        valid_until: ago(5),
        created_at: ago(400),
      },
    ])
    .execute();
  await seedCreditLedger(db, user.id);
}
