import { randomBytes } from 'node:crypto';
import { type Card, type CardLogEvent, LATEST_CARD_FIRMWARE_VERSION } from '@benchside/contracts/cards';
import type { PagingQuery } from '@benchside/contracts/common';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { NotFoundError } from '@benchside/server/errors';
import { hashPassword } from '@benchside/server/passwords';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';

/** The database or a transaction on it: every write below works in either. */
export type Db = Kysely<Database> | Transaction<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot be a row's is simply not found (and never reaches the uuid cast). */
export function checkUuid(id: string): string {
  if (!UUID.test(id)) throw new NotFoundError();
  return id;
}

/**
 * One page of what `filtered` matches, with the total it matches: both come from the same filters,
 * so the count can never disagree with the rows. `selectRows` adds the columns, joins and order.
 */
export async function fetchPage<DB, TB extends keyof DB, O, RowsDB, RowsTB extends keyof RowsDB, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  paging: PagingQuery,
  selectRows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<RowsDB, RowsTB, Row>,
): Promise<{ rows: Row[]; totalItems: number }> {
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const [rows, total] = await Promise.all([
    selectRows(filtered).limit(window.limit).offset(window.offset).execute(),
    filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      // TypeScript cannot see the alias through the generic tables; the selection above is exactly this.
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalItems: Number(total.total) };
}

/** The signed-in user's card, or 404 for a card that is someone else's, free or unknown. */
export async function ownCard(db: Db, userId: string, id: string) {
  const card = await db
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', checkUuid(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!card) throw new NotFoundError('The requested card is not found');
  return card;
}

export async function logCard(
  db: Db,
  entry: { cardId: string; userId: string; event: CardLogEvent; detail?: string },
): Promise<void> {
  await db
    .insertInto('card_logs')
    .values({ card_id: entry.cardId, user_id: entry.userId, event: entry.event, detail: entry.detail ?? '' })
    .execute();
}

/**
 * Gives a free card to a user, logging the assignment in both logs. The card comes with its tool
 * credential `<username>-<serial digits>`: the user's earlier one for this card is bound again,
 * otherwise a new one is made whose password nobody knows until the user generates one.
 */
export async function assignCard(
  db: Db,
  card: { id: string; serial: string },
  user: { id: string; username: string },
): Promise<void> {
  await db
    .updateTable('cards')
    .set({ user_id: user.id, assigned_at: new Date() })
    .where('id', '=', card.id)
    .execute();
  await db
    .insertInto('card_assigned_logs')
    .values({ card_id: card.id, user_id: user.id, action: 'assigned' })
    .execute();
  await logCard(db, { cardId: card.id, userId: user.id, event: 'assigned' });
  const login = `${user.username.toLowerCase()}-${card.serial.slice(4)}`;
  const relinked = await db
    .updateTable('user_crds')
    .set({ card_id: card.id })
    .where('user_id', '=', user.id)
    .where('login', '=', login)
    .returning('id')
    .executeTakeFirst();
  if (!relinked) {
    await db
      .insertInto('user_crds')
      .values({
        user_id: user.id,
        card_id: card.id,
        login,
        password_hash: await hashPassword(generateCrdPassword()),
      })
      .onConflict((conflict) => conflict.column('login').doNothing())
      .execute();
  }
  await logCard(db, { cardId: card.id, userId: user.id, event: 'credential-linked', detail: login });
}

/** Takes a card from its owner; the credentials bound to it stay the owner's, unbound. */
export async function unassignCard(db: Db, cardId: string, userId: string): Promise<void> {
  const unlinked = await db
    .updateTable('user_crds')
    .set({ card_id: null })
    .where('card_id', '=', cardId)
    .returning(['id', 'login'])
    .execute();
  for (const crd of unlinked) {
    await db.insertInto('user_crd_logs').values({ user_crd_id: crd.id, event: 'card-unlinked' }).execute();
    await logCard(db, { cardId, userId, event: 'credential-unlinked', detail: crd.login });
  }
  await db.updateTable('cards').set({ user_id: null, assigned_at: null }).where('id', '=', cardId).execute();
  await db
    .insertInto('card_assigned_logs')
    .values({ card_id: cardId, user_id: userId, action: 'unassigned' })
    .execute();
  await logCard(db, { cardId, userId, event: 'unassigned' });
}

/** Cards as the API shows them: with their licences and the number of credentials bound to them. */
export async function toCards(
  db: Db,
  rows: {
    id: string;
    serial: string;
    firmware_version: string;
    state: Card['state'];
    assigned_at: Date | null;
    expires_at: Date | null;
  }[],
): Promise<Card[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [licences, credentials] = await Promise.all([
    db
      .selectFrom('card_products')
      .innerJoin('products', 'products.id', 'card_products.product_id')
      .select([
        'card_products.card_id',
        'products.id',
        'products.name',
        'card_products.activated_at',
        'card_products.expires_at',
        'card_products.valid_days',
      ])
      .where('card_products.card_id', 'in', ids)
      .orderBy('products.name')
      .execute(),
    db
      .selectFrom('user_crds')
      .select((eb) => ['card_id', eb.fn.countAll<number>().as('count')])
      .where('card_id', 'in', ids)
      .groupBy('card_id')
      .execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    serial: row.serial,
    firmwareVersion: row.firmware_version,
    updateAvailable: compareVersions(row.firmware_version, LATEST_CARD_FIRMWARE_VERSION) < 0,
    state: row.state,
    assignedAt: (row.assigned_at ?? new Date(0)).toISOString(),
    products: licences
      .filter((licence) => licence.card_id === row.id)
      .map((licence) => ({
        id: licence.id,
        name: licence.name,
        activatedAt: licence.activated_at?.toISOString() ?? null,
        expiresAt: licence.expires_at?.toISOString() ?? null,
        validDays: licence.valid_days,
      })),
    credentials: Number(credentials.find((entry) => entry.card_id === row.id)?.count ?? 0),
    expiresAt: row.expires_at?.toISOString() ?? null,
  }));
}

/** Dotted numeric versions: negative when `a` is older than `b`. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

// No 0/O, 1/l/I: the password is read off a screen or a mail and typed into a desktop tool.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters of a 56-letter alphabet: about 93 bits from the CSPRNG. */
export function generateCrdPassword(): string {
  let password = '';
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of 56).
  while (password.length < 16) {
    for (const byte of randomBytes(32)) {
      if (byte < 224 && password.length < 16) password += PASSWORD_ALPHABET[byte % 56];
    }
  }
  return password;
}

/**
 * Records a validation's nonce so that it is accepted once: false when it was already used. Nonces
 * older than `maxAgeMs` twice over go first, since a replay of one is stale anyway.
 */
export async function recordValidationNonce(
  db: Db,
  validation: { serial: string; nonce: string },
  maxAgeMs: number,
): Promise<boolean> {
  await db
    .deleteFrom('card_validations')
    .where('accepted_at', '<', new Date(Date.now() - 2 * maxAgeMs))
    .execute();
  const fresh = await db
    .insertInto('card_validations')
    .values(validation)
    .onConflict((conflict) => conflict.doNothing())
    .returning('serial')
    .executeTakeFirst();
  return fresh !== undefined;
}

/** Records which vendor master key made the card, as a validation just proved. */
export async function recordCardMasterKey(db: Db, cardId: string, masterKeyId: string): Promise<void> {
  await db.updateTable('cards').set({ master_key_id: masterKeyId }).where('id', '=', cardId).execute();
}

/** The card with this serial, locked until the transaction ends, or undefined when none has it. */
export function lockCardBySerial(db: Db, serial: string) {
  return db.selectFrom('cards').selectAll().where('serial', '=', serial).forUpdate().executeTakeFirst();
}

/** One page of the user's cards, by serial. */
export function listOwnCards(db: Db, userId: string, paging: PagingQuery) {
  return fetchPage(db.selectFrom('cards').where('user_id', '=', userId), paging, (mine) =>
    mine.selectAll().orderBy('serial'),
  );
}

/** One page of the user's card assignments and unassignments, newest first. */
export function listAssignedLogs(db: Db, userId: string, paging: PagingQuery) {
  return fetchPage(
    db.selectFrom('card_assigned_logs').where('card_assigned_logs.user_id', '=', userId),
    paging,
    (mine) =>
      mine
        .innerJoin('cards', 'cards.id', 'card_assigned_logs.card_id')
        .select([
          'card_assigned_logs.id',
          'card_assigned_logs.card_id',
          'cards.serial',
          'card_assigned_logs.action',
          'card_assigned_logs.at',
        ])
        .orderBy('card_assigned_logs.at', 'desc')
        .orderBy('card_assigned_logs.id', 'desc'),
  );
}

/** One page of a card's log while it was the user's, newest first. */
export function listCardLog(db: Db, card: { cardId: string; userId: string }, paging: PagingQuery) {
  return fetchPage(
    db.selectFrom('card_logs').where('card_id', '=', card.cardId).where('user_id', '=', card.userId),
    paging,
    (mine) => mine.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
  );
}

/** One page of what the user downloaded with a card, by date in `direction`. */
export function listCardDownloads(
  db: Db,
  card: { cardId: string; userId: string },
  paging: PagingQuery,
  direction: 'asc' | 'desc',
) {
  return fetchPage(
    db.selectFrom('card_downloads').where('card_id', '=', card.cardId).where('user_id', '=', card.userId),
    paging,
    (mine) => mine.selectAll().orderBy('date', direction).orderBy('id', direction),
  );
}

/** One page of the product catalogue, by name. */
export function listProducts(db: Db, paging: PagingQuery) {
  return fetchPage(db.selectFrom('products'), paging, (all) =>
    all.select(['id', 'name', 'description']).orderBy('name').orderBy('id'),
  );
}

/** The card's licence for a product, with the product's name, or undefined when it holds none. */
export function findCardLicence(db: Db, cardId: string, productId: string) {
  return db
    .selectFrom('card_products')
    .innerJoin('products', 'products.id', 'card_products.product_id')
    .select(['products.id', 'products.name'])
    .where('card_products.card_id', '=', cardId)
    .where('card_products.product_id', '=', productId)
    .executeTakeFirst();
}

export async function setCardFirmware(db: Db, cardId: string, firmwareVersion: string): Promise<void> {
  await db.updateTable('cards').set({ firmware_version: firmwareVersion }).where('id', '=', cardId).execute();
}

/**
 * Marks the card's licences for these products activated now; the products that were not yet. A
 * licence sold as a number of days starts running here.
 */
export async function activateCardProducts(db: Db, cardId: string, productIds: string[]): Promise<string[]> {
  const now = new Date();
  const activated = await db
    .updateTable('card_products')
    .set((eb) => ({
      activated_at: now,
      expires_at: eb.fn.coalesce(
        'expires_at',
        sql<Date>`${now}::timestamptz + make_interval(days => ${eb.ref('valid_days')})`,
      ),
    }))
    .where('card_id', '=', cardId)
    .where('product_id', 'in', productIds)
    .where('activated_at', 'is', null)
    .returning('product_id')
    .execute();
  return activated.map(({ product_id }) => product_id);
}
