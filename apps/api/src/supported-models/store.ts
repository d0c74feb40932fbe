import type { PagingQuery } from '@benchside/contracts/common';
import {
  SUPPORTED_FUNCTIONS,
  type SupportedFunction,
  type SupportedModel,
  type SupportedModelSummary,
} from '@benchside/contracts/supported-models';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { type Kysely, type SqlBool, sql } from 'kysely';

/** The supported-models list is the vendor's, the same for every signed-in technician. */

/**
 * The typed text as a prefix query on the search vector (migration 0017): each word, cut down to
 * its letters and digits, must start a word of the brand or name or a suffix of a code. Only
 * [a-z0-9] reach the query text, so it needs no escaping. Undefined when nothing is left to match.
 */
export function searchQuery(text: string): string | undefined {
  const terms = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^a-z0-9]+/g, ''))
    .filter(Boolean);
  return terms.length === 0 ? undefined : terms.map((term) => `${term}:*`).join(' & ');
}

const functionOrder = (fn: string) => SUPPORTED_FUNCTIONS.indexOf(fn as SupportedFunction);

/** One page of models, by brand then name, with the functions each has; and how many match. */
export async function searchSupportedModels(
  db: Kysely<Database>,
  filter: { q: string | undefined; brand: string | undefined },
  paging: PagingQuery,
): Promise<{ member: SupportedModelSummary[]; totalItems: number }> {
  const query = filter.q === undefined ? undefined : searchQuery(filter.q);
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const matching = db
    .selectFrom('supported_models as m')
    .$if(filter.brand !== undefined, (qb) =>
      qb.where(sql<SqlBool>`lower(m.brand) = lower(${filter.brand ?? ''})`),
    )
    .$if(query !== undefined, (qb) => qb.where(sql<SqlBool>`m.search @@ ${query ?? ''}::tsquery`));
  const [rows, total] = await Promise.all([
    matching
      .select(['m.id', 'm.brand', 'm.name', 'm.codes'])
      .select(
        sql<
          string[]
        >`array(select distinct f.function from supported_model_functions f where f.model_id = m.id)`.as(
          'functions',
        ),
      )
      .orderBy(sql`lower(m.brand)`)
      .orderBy(sql`lower(m.name)`)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst(),
  ]);
  return {
    member: rows.map((row) => ({
      id: Number(row.id),
      brand: row.brand,
      name: row.name,
      codes: row.codes,
      functions: (row.functions as SupportedFunction[]).sort((a, b) => functionOrder(a) - functionOrder(b)),
    })),
    totalItems: Number(total?.total ?? 0),
  };
}

/** The brands with a supported model, sorted, for the brand filter. */
export async function listSupportedBrands(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('supported_models')
    .select([sql<string>`min(brand)`.as('brand'), (eb) => eb.fn.countAll<string | number>().as('models')])
    .groupBy(sql`lower(brand)`)
    .orderBy(sql`lower(brand)`)
    .execute();
  return { brands: rows.map((row) => ({ brand: row.brand, models: Number(row.models) })) };
}

/** The model with its functions (in the list's order, cheapest product first) and its firmware models. */
export async function findSupportedModel(
  db: Kysely<Database>,
  id: number,
): Promise<SupportedModel | undefined> {
  const model = await db
    .selectFrom('supported_models')
    .select(['id', 'brand', 'name', 'codes'])
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (!model) return undefined;
  const names = [model.name, ...model.codes].map((name) => name.toLowerCase());
  const [functions, catalogueModels] = await Promise.all([
    db
      .selectFrom('supported_model_functions as f')
      .innerJoin('products as p', 'p.id', 'f.product_id')
      .select(['f.function', 'f.credits', 'f.note', 'p.id as productId', 'p.name as productName'])
      .where('f.model_id', '=', String(id))
      .orderBy('f.credits')
      .orderBy('p.name')
      .execute(),
    // The catalogue's brand as spelled there, then its models by the index on (brand, lower(model)).
    db
      .selectFrom('catalogue_models')
      .select(['brand', 'model'])
      .where(
        'brand',
        'in',
        db
          .selectFrom('catalogue_brands')
          .select('brand')
          .where(sql<SqlBool>`lower(brand) = lower(${model.brand})`),
      )
      .where(sql<SqlBool>`lower(model) = any(${names}::text[])`)
      .orderBy('model')
      .execute(),
  ]);
  return {
    id: Number(model.id),
    brand: model.brand,
    name: model.name,
    codes: model.codes,
    functions: functions
      .map((row) => ({
        function: row.function as SupportedFunction,
        product: { id: row.productId, name: row.productName },
        credits: row.credits,
        note: row.note,
      }))
      .sort((a, b) => functionOrder(a.function) - functionOrder(b.function)),
    catalogueModels,
  };
}
