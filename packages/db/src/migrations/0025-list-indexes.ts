import { type Kysely, sql } from 'kysely';

/**
 * What the ledger's filters and the customer search need to stay flat at 100,000 rows (issue 20).
 *
 * The ledger's product and card filters read their own index, so a month of one product is found
 * and counted from the index alone instead of from every row of that month.
 *
 * The customer search finds text anywhere in a name, company, e-mail or phone. pg_trgm would do it,
 * but it is no part of PGlite's core and needs `create extension` rights on a deployment's server
 * (see migration 0017), so the index holds each field's three-letter pieces (lower case, as ILIKE
 * compares), each prefixed with the start of the owner's id: one technician's pieces are keys of
 * their own, never lists of every technician's rows. A search asks for pieces that cover the typed
 * text end to end, not every overlapping one (fewer lists to intersect), and LIKE then checks the
 * rows GIN finds; a text of one or two letters has no piece and is not searched through the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_ledger_product_idx
    on credit_ledger (user_id, product_id, created_at desc, id desc) where product_id is not null`.execute(
    db,
  );
  await sql`create index credit_ledger_card_idx
    on credit_ledger (user_id, card_id, created_at desc, id desc) where card_id is not null`.execute(db);

  await sql`create function customer_search_keys(owner uuid, name text, company text, email text, phone text)
    returns text[] language sql immutable parallel safe as $$
      select array(
        select distinct left(owner::text, 8) || substr(field, start, 3)
          from unnest(array[lower(name), lower(company), lower(email), lower(phone)]) field
          cross join lateral generate_series(1, length(field) - 2) start
      )
    $$`.execute(db);
  await sql`create function customer_search_query(owner uuid, typed text) returns text[]
    language sql immutable parallel safe as $$
      select array(
        select distinct left(owner::text, 8) || substr(lower(typed), start, 3)
          from generate_series(1, length(typed) - 2) start
          where start % 3 = 1 or start = length(typed) - 2
      )
    $$`.execute(db);
  // No pending list: GIN merges it only on vacuum, which the embedded database never runs.
  await sql`create index customers_search_idx on customers
    using gin (customer_search_keys(user_id, name, company, email, phone)) with (fastupdate = off)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index customers_search_idx`.execute(db);
  await sql`drop function customer_search_query(uuid, text)`.execute(db);
  await sql`drop function customer_search_keys(uuid, text, text, text, text)`.execute(db);
  await sql`drop index credit_ledger_card_idx`.execute(db);
  await sql`drop index credit_ledger_product_idx`.execute(db);
}
