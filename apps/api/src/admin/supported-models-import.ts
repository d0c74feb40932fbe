import type { SupportedFunction } from '@benchside/contracts/supported-models';
import type { Database } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';

/** Where in the file something is wrong (1-based line), and what. */
export interface ImportProblem {
  line: number;
  message: string;
}

/** A file that cannot be imported; nothing of it was written. */
export class SupportedModelsImportError extends Error {
  override name = 'SupportedModelsImportError';
  constructor(readonly problems: ImportProblem[]) {
    const shown = problems
      .slice(0, MAX_PROBLEMS_SHOWN)
      .map(({ line, message }) => `line ${line}: ${message}`);
    const more = problems.length - shown.length;
    super(
      [
        `Nothing was imported: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`,
        ...shown,
        ...(more > 0 ? [`and ${more} more`] : []),
      ].join('\n'),
    );
  }
}
const MAX_PROBLEMS_SHOWN = 20;

export interface ImportedFunction {
  function: SupportedFunction;
  productId: string;
  credits: number;
  note: string;
  line: number;
}

/** One model as the file describes it: every function it has, nothing more. */
export interface ImportedModel {
  brand: string;
  name: string;
  codes: string[];
  /** Its first line, for problems about the whole model. */
  line: number;
  functions: ImportedFunction[];
}

/** What an import changed; all zeros when the file was imported before. */
export interface ImportSummary {
  models: { added: number; changed: number; unchanged: number };
  functions: { added: number; changed: number; removed: number };
}

/** A model is its brand and name in any case (the unique index on lower(brand), lower(name)). */
export function modelKey(brand: string, name: string): string {
  return `${brand.toLowerCase()}\n${name.toLowerCase()}`;
}

const functionKey = (modelId: string, fn: string, productId: string) => `${modelId}\n${fn}\n${productId}`;

/**
 * Writes the models in one transaction: each model named gets exactly the file's brand and name
 * spelling, codes and functions (functions the file no longer lists are removed); models the file
 * does not name are left alone. Only what differs is written, so the same file twice changes
 * nothing the second time. Products must exist and no code may belong to a model outside the file.
 */
export async function importSupportedModels(
  db: Kysely<Database>,
  models: ImportedModel[],
): Promise<ImportSummary> {
  return db.transaction().execute(async (trx) => {
    await checkAgainstDatabase(trx, models);
    const keys = JSON.stringify(models.map(({ brand, name }) => ({ brand, name })));
    const existing = await trx
      .selectFrom('supported_models as m')
      .select(['m.id', 'm.brand', 'm.name', 'm.codes'])
      .where(
        sql<boolean>`(lower(m.brand), lower(m.name)) in (
          select lower(brand), lower(name) from jsonb_to_recordset(${keys}::jsonb) as r(brand text, name text))`,
      )
      .execute();
    const existingKeys = new Set(existing.map((row) => modelKey(row.brand, row.name)));
    const added = models.filter((model) => !existingKeys.has(modelKey(model.brand, model.name)));
    const fileModels = new Map(models.map((model) => [modelKey(model.brand, model.name), model]));
    const changed = existing.flatMap((row) => {
      const model = fileModels.get(modelKey(row.brand, row.name));
      return model &&
        (model.brand !== row.brand || model.name !== row.name || !sameList(model.codes, row.codes))
        ? [{ id: String(row.id), brand: model.brand, name: model.name, codes: model.codes }]
        : [];
    });
    if (changed.length > 0) {
      await sql`update supported_models m set brand = r.brand, name = r.name, codes = r.codes
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as r(id bigint, brand text, name text, codes text[])
        where m.id = r.id`.execute(trx);
    }
    const inserted =
      added.length === 0
        ? []
        : (
            await sql<{ id: string | number; brand: string; name: string }>`
              insert into supported_models (brand, name, codes)
              select brand, name, codes
                from jsonb_to_recordset(${JSON.stringify(added.map(({ brand, name, codes }) => ({ brand, name, codes })))}::jsonb)
                  as r(brand text, name text, codes text[])
              returning id, brand, name`.execute(trx)
          ).rows;
    const idOf = new Map<string, string>();
    for (const row of [...existing, ...inserted]) idOf.set(modelKey(row.brand, row.name), String(row.id));

    const functions = await syncFunctions(trx, models, idOf);
    return {
      models: { added: added.length, changed: changed.length, unchanged: existing.length - changed.length },
      functions,
    };
  });
}

async function syncFunctions(
  trx: Kysely<Database>,
  models: ImportedModel[],
  idOf: Map<string, string>,
): Promise<ImportSummary['functions']> {
  const modelIds = [...idOf.values()];
  const current = await trx
    .selectFrom('supported_model_functions')
    .select(['model_id', 'function', 'product_id', 'credits', 'note'])
    .where(sql<boolean>`model_id = any(${modelIds}::bigint[])`)
    .execute();
  const currentByKey = new Map(
    current.map((row) => [functionKey(String(row.model_id), row.function, row.product_id), row]),
  );
  const wanted = models.flatMap((model) => {
    const modelId = idOf.get(modelKey(model.brand, model.name)) ?? '';
    return model.functions.map((fn) => ({
      model_id: modelId,
      function: fn.function,
      product_id: fn.productId,
      credits: fn.credits,
      note: fn.note,
    }));
  });
  const wantedKeys = new Set(wanted.map((row) => functionKey(row.model_id, row.function, row.product_id)));
  const removed = current.filter(
    (row) => !wantedKeys.has(functionKey(String(row.model_id), row.function, row.product_id)),
  );
  const written = wanted.filter((row) => {
    const before = currentByKey.get(functionKey(row.model_id, row.function, row.product_id));
    return !before || before.credits !== row.credits || before.note !== row.note;
  });
  if (removed.length > 0) {
    const gone = JSON.stringify(
      removed.map((row) => ({
        model_id: String(row.model_id),
        function: row.function,
        product_id: row.product_id,
      })),
    );
    await sql`delete from supported_model_functions f
      using jsonb_to_recordset(${gone}::jsonb) as r(model_id bigint, function text, product_id text)
      where f.model_id = r.model_id and f.function = r.function and f.product_id = r.product_id`.execute(trx);
  }
  if (written.length > 0) {
    await sql`insert into supported_model_functions (model_id, function, product_id, credits, note)
      select model_id, function, product_id, credits, note
        from jsonb_to_recordset(${JSON.stringify(written)}::jsonb)
          as r(model_id bigint, function text, product_id text, credits integer, note text)
      on conflict (model_id, function, product_id)
        do update set credits = excluded.credits, note = excluded.note`.execute(trx);
  }
  const addedCount = written.filter(
    (row) => !currentByKey.has(functionKey(row.model_id, row.function, row.product_id)),
  ).length;
  return { added: addedCount, changed: written.length - addedCount, removed: removed.length };
}

/** Products that do not exist and codes of models outside the file, each reported at its line. */
async function checkAgainstDatabase(trx: Kysely<Database>, models: ImportedModel[]): Promise<void> {
  const problems: ImportProblem[] = [];
  const productIds = [...new Set(models.flatMap((model) => model.functions.map((fn) => fn.productId)))];
  const known = new Set(
    (
      await trx
        .selectFrom('products')
        .select('id')
        .where(sql<boolean>`id = any(${productIds}::text[])`)
        .execute()
    ).map((row) => row.id),
  );
  for (const model of models) {
    for (const fn of model.functions) {
      if (!known.has(fn.productId)) problems.push({ line: fn.line, message: `no product ${fn.productId}` });
    }
  }
  const codes = models.flatMap((model) => model.codes);
  const owners = await trx
    .selectFrom('supported_models')
    .select(['brand', 'name', 'codes'])
    .where(sql<boolean>`codes && ${codes}::text[]`)
    .execute();
  const fileKeys = new Set(models.map((model) => modelKey(model.brand, model.name)));
  const claimedBy = new Map(models.flatMap((model) => model.codes.map((code) => [code, model] as const)));
  for (const owner of owners) {
    if (fileKeys.has(modelKey(owner.brand, owner.name))) continue;
    for (const code of owner.codes) {
      const model = claimedBy.get(code);
      if (model) {
        problems.push({
          line: model.line,
          message: `the code ${code} already belongs to ${owner.brand} ${owner.name}`,
        });
      }
    }
  }
  if (problems.length > 0) throw new SupportedModelsImportError(problems.sort((a, b) => a.line - b.line));
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
