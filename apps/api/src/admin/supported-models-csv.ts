import { productIdSchema } from '@benchside/contracts/card-validation';
import {
  MAX_BRAND_LENGTH,
  MAX_CREDIT_COST,
  MAX_FUNCTION_NOTE_LENGTH,
  MAX_MODEL_NAME_LENGTH,
  SUPPORTED_FUNCTIONS,
  supportedFunctionSchema,
} from '@benchside/contracts/supported-models';
import { CsvError, type Info, parse } from 'csv-parse/sync';
import {
  type ImportedModel,
  type ImportProblem,
  modelKey,
  SupportedModelsImportError,
} from './supported-models-import.ts';

/**
 * The file `models import` reads: UTF-8 CSV, a header line naming the columns (any order), then
 * one line per function of a model. Lines of one model repeat its brand, name and codes.
 *
 *   brand,model,codes,function,product,credits,note
 *   Samsung,Galaxy A52,SM-A525F SM-A525M,unlock,unlock-pro,3,
 *   Samsung,Galaxy A52,SM-A525F SM-A525M,frp,frp-tool,2,needs test point
 *
 * `codes` are separated by spaces or "|"; `function` is one of SUPPORTED_FUNCTIONS; `product` a
 * product id (`product create`); `credits` a whole number; `note` may be left out or empty.
 */
export const CSV_COLUMNS = ['brand', 'model', 'codes', 'function', 'product', 'credits', 'note'] as const;
type Column = (typeof CSV_COLUMNS)[number];
const OPTIONAL_COLUMNS: readonly Column[] = ['note'];
const MAX_CODES = 20;
/** A model code as printed on the phone's label: SM-A525F, M2101K7AG, A2482, ELS-NX9, XT2083-3. */
const MODEL_CODE = /^[A-Z0-9][A-Z0-9._/+()-]{0,39}$/;

/** Reads the whole file; every problem found is reported with its line, or the models are returned. */
export function parseSupportedModelsCsv(text: string): ImportedModel[] {
  let records: { record: string[]; info: Info }[];
  try {
    // With `info`, each record comes with where it ends; csv-parse's types only know plain records.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: Info }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 1;
      throw new SupportedModelsImportError([{ line, message: `not readable as CSV (${error.code})` }]);
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new SupportedModelsImportError([{ line: 1, message: 'the file is empty' }]);
  const columns = readHeader(header.record, header.info.lines);
  if (rows.length === 0) {
    throw new SupportedModelsImportError([
      { line: header.info.lines, message: 'no model lines after the header' },
    ]);
  }

  const problems: ImportProblem[] = [];
  const models = new Map<string, ImportedModel>();
  const codeOwners = new Map<string, { key: string; line: number }>();
  const functionLines = new Map<string, number>();
  for (const { record, info } of rows) {
    const line = info.lines;
    const problem = (message: string) => problems.push({ line, message });
    // A note in the last column may be left out together with its comma.
    const noteLeftOut = record.length === columns.size - 1 && columns.get('note') === columns.size - 1;
    if (record.length !== columns.size && !noteLeftOut) {
      problem(`expected ${columns.size} fields, found ${record.length}`);
      continue;
    }
    const field = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (record[index] ?? '');
    };
    const { row, issues } = readRow(field);
    for (const issue of issues) problem(issue);
    if (!row) continue;

    const key = modelKey(row.brand, row.name);
    const model = models.get(key);
    if (model && !sameCodes(model.codes, row.codes)) {
      problem(`the codes of ${row.brand} ${row.name} differ from those on line ${model.line}`);
      continue;
    }
    const functionKey = `${key}\n${row.function}\n${row.productId}`;
    const earlier = functionLines.get(functionKey);
    if (earlier !== undefined) {
      problem(`${row.brand} ${row.name}: ${row.function} by ${row.productId} is already on line ${earlier}`);
      continue;
    }
    if (!model) {
      const claimed = row.codes.map((code) => ({ code, owner: codeOwners.get(code) }));
      const taken = claimed.find(({ owner }) => owner !== undefined && owner.key !== key);
      if (taken?.owner) {
        problem(`the code ${taken.code} already belongs to the model on line ${taken.owner.line}`);
        continue;
      }
      for (const code of row.codes) codeOwners.set(code, { key, line });
    }
    functionLines.set(functionKey, line);
    const target = model ?? { brand: row.brand, name: row.name, codes: row.codes, line, functions: [] };
    models.set(key, target);
    target.functions.push({
      function: row.function,
      productId: row.productId,
      credits: row.credits,
      note: row.note,
      line,
    });
  }
  if (problems.length > 0) throw new SupportedModelsImportError(problems);
  return [...models.values()];
}

function readHeader(names: string[], line: number): Map<Column, number> {
  const columns = new Map<Column, number>();
  const problems: ImportProblem[] = [];
  names.forEach((raw, index) => {
    const name = raw.toLowerCase();
    const column = CSV_COLUMNS.find((known) => known === name);
    if (!column)
      problems.push({ line, message: `unknown column "${raw}" (the columns are ${CSV_COLUMNS.join(', ')})` });
    else if (columns.has(column)) problems.push({ line, message: `the column ${column} appears twice` });
    else columns.set(column, index);
  });
  for (const column of CSV_COLUMNS) {
    if (!columns.has(column) && !OPTIONAL_COLUMNS.includes(column)) {
      problems.push({ line, message: `the header has no ${column} column` });
    }
  }
  if (problems.length > 0) throw new SupportedModelsImportError(problems);
  return columns;
}

/** One line's fields checked; the line is skipped when anything was wrong with it. */
function readRow(field: (column: Column) => string) {
  const issues: string[] = [];
  const brand = field('brand');
  const name = field('model');
  if (brand === '' || brand.length > MAX_BRAND_LENGTH) {
    issues.push(`the brand must be 1 to ${MAX_BRAND_LENGTH} characters`);
  }
  if (name === '' || name.length > MAX_MODEL_NAME_LENGTH) {
    issues.push(`the model must be 1 to ${MAX_MODEL_NAME_LENGTH} characters`);
  }
  const codes = [
    ...new Set(
      field('codes')
        .split(/[\s|]+/)
        .filter(Boolean)
        .map((code) => code.toUpperCase()),
    ),
  ];
  if (codes.length === 0 || codes.length > MAX_CODES) {
    issues.push(`give 1 to ${MAX_CODES} model codes, separated by spaces or "|"`);
  }
  for (const code of codes) {
    if (!MODEL_CODE.test(code)) issues.push(`"${code}" is not a model code`);
  }
  const functionName = supportedFunctionSchema.safeParse(field('function').toLowerCase());
  if (!functionName.success) {
    issues.push(`"${field('function')}" is not a function (one of ${SUPPORTED_FUNCTIONS.join(', ')})`);
  }
  const productId = productIdSchema.safeParse(field('product'));
  if (!productId.success) issues.push(`"${field('product')}" is not a product id`);
  const creditsText = field('credits');
  const credits = Number(creditsText);
  if (!/^\d{1,6}$/.test(creditsText) || credits > MAX_CREDIT_COST) {
    issues.push(`the credits must be a whole number from 0 to ${MAX_CREDIT_COST}`);
  }
  const note = field('note');
  if (note.length > MAX_FUNCTION_NOTE_LENGTH) {
    issues.push(`the note must be at most ${MAX_FUNCTION_NOTE_LENGTH} characters`);
  }
  if (issues.length > 0 || !functionName.success || !productId.success) return { issues };
  return {
    issues,
    row: { brand, name, codes, function: functionName.data, productId: productId.data, credits, note },
  };
}

function sameCodes(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}
