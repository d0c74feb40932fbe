import { type Kysely, sql } from 'kysely';

/**
 * Models get a table of their own, one row per brand and model with the softs of its firmwares,
 * so `/api/models?brand=` pages an index instead of grouping the brand's firmware rows on every
 * request, and brands one with their model count. Statement-level triggers on `catalogue_files` keep it right for every writer (publish,
 * unpublish, a folder deleted with its content), rebuilding only the models a statement touched.
 *
 * The search index also stops using a pending list: GIN merges that list only on vacuum, which the
 * embedded database never runs, so every search would otherwise scan every name published since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_models')
    .addColumn('brand', 'text', (column) => column.notNull())
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('softs', sql`text[]`, (column) => column.notNull())
    .addPrimaryKeyConstraint('catalogue_models_pk', ['brand', 'model'])
    .execute();
  // The listing's order, within a brand and across all of them.
  await sql`create index catalogue_models_brand_order_idx on catalogue_models (brand, lower(model), model)`.execute(
    db,
  );
  await sql`create index catalogue_models_order_idx on catalogue_models (lower(model), model, brand)`.execute(
    db,
  );

  // The brands list and a brand's model count (the listing's total) without counting models.
  await db.schema
    .createTable('catalogue_brands')
    .addColumn('brand', 'text', (column) => column.primaryKey())
    .addColumn('models', 'integer', (column) => column.notNull())
    .execute();

  await sql`create function catalogue_models_rebuild(brands text[], models text[]) returns void language sql as $$
    delete from catalogue_models m
      using unnest(brands, models) as touched (brand, model)
      where m.brand = touched.brand and m.model = touched.model;
    -- One index lookup per touched model (a join could scan the table once per model instead).
    insert into catalogue_models (brand, model, softs)
      select touched.brand, touched.model, firmwares.softs
        from (select distinct brand, model from unnest(brands, models) as t (brand, model)) touched
        cross join lateral (
          select count(*) as count,
                 coalesce(array_agg(distinct f.soft order by f.soft) filter (where f.soft is not null), '{}') as softs
            from catalogue_files f
            where f.kind = 'firmware' and f.brand = touched.brand and f.model = touched.model
        ) firmwares
        where firmwares.count > 0;
    delete from catalogue_brands where brand in (select unnest(brands));
    insert into catalogue_brands (brand, models)
      select brand, count(*) from catalogue_models where brand in (select unnest(brands)) group by brand;
  $$`.execute(db);
  // One function per event: a trigger with transition tables may serve only one event.
  const changedRows = {
    insert: { transition: 'new table as new_rows', rows: 'select kind, brand, model from new_rows' },
    update: {
      transition: 'old table as old_rows new table as new_rows',
      rows: 'select kind, brand, model from new_rows union all select kind, brand, model from old_rows',
    },
    delete: { transition: 'old table as old_rows', rows: 'select kind, brand, model from old_rows' },
  };
  for (const [event, { transition, rows }] of Object.entries(changedRows)) {
    await sql
      .raw(`create function catalogue_models_after_${event}() returns trigger language plpgsql as $$
        begin
          perform catalogue_models_rebuild(array_agg(brand), array_agg(model)) from (${rows}) changed
            where kind = 'firmware' and brand is not null and model is not null;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger catalogue_models_${event} after ${event} on catalogue_files
        referencing ${transition}
        for each statement execute function catalogue_models_after_${event}()`)
      .execute(db);
  }
  await sql`select catalogue_models_rebuild(array_agg(brand), array_agg(model))
    from catalogue_files where kind = 'firmware' and brand is not null and model is not null`.execute(db);

  await sql`alter index catalogue_files_search_idx set (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter index catalogue_files_search_idx reset (fastupdate)`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger catalogue_models_${event} on catalogue_files`).execute(db);
    await sql.raw(`drop function catalogue_models_after_${event}()`).execute(db);
  }
  await sql`drop function catalogue_models_rebuild(text[], text[])`.execute(db);
  await db.schema.dropTable('catalogue_brands').execute();
  await db.schema.dropTable('catalogue_models').execute();
}
