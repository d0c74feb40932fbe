import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { openTestDatabase } from '@benchside/db/test-database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/command.ts';
import { command as models } from '../src/admin/commands/models.ts';
import { parseSupportedModelsCsv } from '../src/admin/supported-models-csv.ts';
import { importSupportedModels, SupportedModelsImportError } from '../src/admin/supported-models-import.ts';
import { openAdminContext } from './admin-helpers.ts';
import { addProducts } from './supported-models-helpers.ts';

const HEADER = 'brand,model,codes,function,product,credits,note';

/** The problems a file is refused with, as "line N: message". */
function problemsOf(text: string): string[] {
  try {
    parseSupportedModelsCsv(text);
  } catch (error) {
    if (error instanceof SupportedModelsImportError) {
      return error.problems.map(({ line, message }) => `line ${line}: ${message}`);
    }
    throw error;
  }
  throw new Error('The file was accepted');
}

describe('the supported-models CSV', () => {
  it('reads one line per function into models with their codes, upper-cased, in any column order', () => {
    const parsed = parseSupportedModelsCsv(
      [
        '\uFEFFproduct,credits,brand,model,codes,function',
        'unlock-pro,3,Samsung,Galaxy A52,sm-a525f|SM-A525M,unlock',
        'frp-tool,2,Samsung,Galaxy A52, SM-A525M  SM-A525F ,FRP',
      ].join('\r\n'),
    );
    expect(parsed).toEqual([
      {
        brand: 'Samsung',
        name: 'Galaxy A52',
        codes: ['SM-A525F', 'SM-A525M'],
        line: 2,
        functions: [
          { function: 'unlock', productId: 'unlock-pro', credits: 3, note: '', line: 2 },
          { function: 'frp', productId: 'frp-tool', credits: 2, note: '', line: 3 },
        ],
      },
    ]);
  });

  it('keeps quoted fields with commas and quotes whole', () => {
    const [model] = parseSupportedModelsCsv(
      `${HEADER}\nSamsung,"Galaxy Tab A7 10.4, Wi-Fi",SM-T500,flash,repair-suite,1,"hold ""Vol-"" while plugging in"\n`,
    );
    expect(model?.name).toBe('Galaxy Tab A7 10.4, Wi-Fi');
    expect(model?.functions[0]?.note).toBe('hold "Vol-" while plugging in');
  });

  it('reports every bad line with its number and the reason', () => {
    expect(
      problemsOf(
        [
          HEADER,
          'Samsung,Galaxy A52,SM-A525F,unlock,unlock-pro,3,',
          ',Galaxy A12,SM-A125F,unlock,unlock-pro,3,',
          'Samsung,Galaxy A13,SM A135F!,unlock,unlock-pro,3,',
          'Samsung,Galaxy A32,SM-A325F,unlok,unlock-pro,3,',
          'Samsung,Galaxy A03s,SM-A037F,frp,frp tool,2,',
          'Samsung,Galaxy M31,SM-M315F,frp,frp-tool,-1,',
          'Samsung,Galaxy M31,SM-M315F,flash,frp-tool,2.5,',
          'Samsung,Galaxy Note20,,flash,repair-suite,1,',
          'Samsung,Galaxy S22,SM-S908B,flash,repair-suite,1,too,many',
        ].join('\n'),
      ),
    ).toEqual([
      'line 3: the brand must be 1 to 50 characters',
      'line 4: "A135F!" is not a model code',
      'line 5: "unlok" is not a function (one of read_info, read_data, flash, factory_reset, unlock, frp, network_unlock, unlock_bootloader, repair_imei)',
      'line 6: "frp tool" is not a product id',
      'line 7: the credits must be a whole number from 0 to 100000',
      'line 8: the credits must be a whole number from 0 to 100000',
      'line 9: give 1 to 20 model codes, separated by spaces or "|"',
      'line 10: expected 7 fields, found 8',
    ]);
  });

  it('refuses a function listed twice, codes that differ between lines, and a code of two models', () => {
    expect(
      problemsOf(
        [
          HEADER,
          'Samsung,Galaxy A52,SM-A525F,unlock,unlock-pro,3,',
          'samsung,GALAXY A52,SM-A525F,unlock,unlock-pro,4,',
          'Samsung,Galaxy A52,SM-A525F SM-A525M,frp,frp-tool,2,',
          'Samsung,Galaxy A52 5G,SM-A525F,frp,frp-tool,2,',
        ].join('\n'),
      ),
    ).toEqual([
      'line 3: samsung GALAXY A52: unlock by unlock-pro is already on line 2',
      'line 4: the codes of Samsung Galaxy A52 differ from those on line 2',
      'line 5: the code SM-A525F already belongs to the model on line 2',
    ]);
  });

  it('refuses a file without the header, with unknown columns, empty, or unreadable', () => {
    expect(problemsOf('brand,model,codes,function,product\nSamsung,A52,SM-A525F,frp,frp-tool')).toEqual([
      'line 1: the header has no credits column',
    ]);
    expect(problemsOf(`${HEADER},price\n`)).toEqual([
      'line 1: unknown column "price" (the columns are brand, model, codes, function, product, credits, note)',
    ]);
    expect(problemsOf('')).toEqual(['line 1: the file is empty']);
    expect(problemsOf(`${HEADER}\n`)).toEqual(['line 1: no model lines after the header']);
    expect(problemsOf(`${HEADER}\nSamsung,"Galaxy A52,SM-A525F,frp,frp-tool,2,\n`)).toEqual([
      expect.stringMatching(/^line \d+: not readable as CSV/),
    ]);
  });
});

describe('models import', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let context: AdminContext;
  let folder: string;
  const printed: string[] = [];

  const importFile = async (name: string, text: string) => {
    const path = join(folder, name);
    await writeFile(path, text);
    await models.run(context, { positionals: ['import', path], values: {} });
    return printed.at(-1);
  };
  const costs = () =>
    database.db
      .selectFrom('supported_model_functions as f')
      .innerJoin('supported_models as m', 'm.id', 'f.model_id')
      .select(['m.name', 'm.codes', 'f.function', 'f.product_id', 'f.credits', 'f.note'])
      .orderBy('m.name')
      .orderBy('f.function')
      .execute();

  beforeAll(async () => {
    ({ database, context } = await openAdminContext((line) => printed.push(line)));
    folder = await mkdtemp(join(tmpdir(), 'benchside-models-'));
    await addProducts(database.db);
  });
  beforeEach(async () => {
    await database.db.deleteFrom('supported_models').execute();
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  const FILE = [
    HEADER,
    'Samsung,Galaxy A52,SM-A525F SM-A525M,unlock,unlock-pro,3,',
    'Samsung,Galaxy A52,SM-A525F SM-A525M,frp,frp-tool,2,needs test point',
    'Xiaomi,Redmi Note 10,M2101K7AG,frp,frp-tool,2,',
  ].join('\n');

  it('imports a file, and the same file again changes nothing', async () => {
    expect(await importFile('models.csv', FILE)).toMatch(
      /: 2 models \(2 added, 0 changed, 0 unchanged\), functions 3 added, 0 changed, 0 removed$/,
    );
    const before = await costs();
    expect(before).toHaveLength(3);
    expect(await importFile('models.csv', FILE)).toMatch(
      /: 2 models \(0 added, 0 changed, 2 unchanged\), functions 0 added, 0 changed, 0 removed$/,
    );
    expect(await costs()).toEqual(before);
  });

  it('updates costs, notes and codes on a re-import, drops functions a named model no longer lists, and leaves other models alone', async () => {
    await importFile('models.csv', FILE);
    const update = [
      HEADER,
      'Samsung,Galaxy A52,SM-A525F SM-A525M SM-A525G,unlock,unlock-pro,4,sim must be removed',
    ].join('\n');
    expect(await importFile('update.csv', update)).toMatch(
      /: 1 models \(0 added, 1 changed, 0 unchanged\), functions 0 added, 1 changed, 1 removed$/,
    );
    expect(await costs()).toEqual([
      {
        name: 'Galaxy A52',
        codes: ['SM-A525F', 'SM-A525M', 'SM-A525G'],
        function: 'unlock',
        product_id: 'unlock-pro',
        credits: 4,
        note: 'sim must be removed',
      },
      {
        name: 'Redmi Note 10',
        codes: ['M2101K7AG'],
        function: 'frp',
        product_id: 'frp-tool',
        credits: 2,
        note: '',
      },
    ]);
  });

  it('changes nothing when a line names a product that does not exist', async () => {
    await importFile('models.csv', FILE);
    const before = await costs();
    const bad = [
      HEADER,
      'Samsung,Galaxy A52,SM-A525F SM-A525M,unlock,unlock-pro,9,',
      'Oppo,A5s,CPH1909,frp,no-such-product,2,',
    ].join('\n');
    await expect(importFile('bad.csv', bad)).rejects.toThrow(
      /^Nothing was imported: 1 problem\nline 3: no product no-such-product$/,
    );
    expect(await costs()).toEqual(before);
  });

  it('refuses a code that already belongs to a model the file does not name', async () => {
    await importFile('models.csv', FILE);
    const bad = [HEADER, 'Samsung,Galaxy A52 5G,SM-A526B SM-A525F,unlock,unlock-pro,3,'].join('\n');
    await expect(importFile('bad.csv', bad)).rejects.toThrow(
      'line 2: the code SM-A525F already belongs to Samsung Galaxy A52',
    );
  });

  it('imports 2,000 models of one file in one go', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 2000; index += 1) {
      lines.push(`Brand${index % 7},Model ${index},CODE-${index},unlock,unlock-pro,${index % 9},`);
    }
    const summary = await importSupportedModels(database.db, parseSupportedModelsCsv(lines.join('\n')));
    expect(summary.models.added).toBe(2000);
    expect(summary.functions.added).toBe(2000);
  });
});
