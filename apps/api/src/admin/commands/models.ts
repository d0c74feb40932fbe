import { type AdminCommand, AdminUsageError, readTextFile } from '../command.ts';
import { parseSupportedModelsCsv } from '../supported-models-csv.ts';
import { importSupportedModels } from '../supported-models-import.ts';

/**
 * `models import <file.csv>`: the supported-models list, one CSV line per function of a model
 * (the format is in admin/supported-models-csv.ts and docs/supported-models-import.md). Each model the
 * file names gets exactly the file's codes and functions; a file with any bad line changes nothing.
 */
export const command: AdminCommand = {
  usage: 'models import <file.csv>   (header: brand,model,codes,function,product,credits[,note])',
  options: {},
  async run({ db, print }, { positionals }) {
    const [action, path, ...extra] = positionals;
    if (action !== 'import') throw new AdminUsageError('Say import');
    if (!path) throw new AdminUsageError('Name the CSV file to import');
    if (extra.length > 0) throw new AdminUsageError(`Unexpected argument: ${extra[0]}`);
    const models = parseSupportedModelsCsv(await readTextFile(path));
    const { models: m, functions: f } = await importSupportedModels(db, models);
    print(
      `Imported ${path}: ${models.length} models (${m.added} added, ${m.changed} changed, ${m.unchanged} unchanged), ` +
        `functions ${f.added} added, ${f.changed} changed, ${f.removed} removed`,
    );
  },
};
