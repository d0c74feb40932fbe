import { parseArgs } from 'node:util';
import { migrateToLatest } from '@benchside/db/migrate';
import { openDatabase } from '@benchside/db/open-database';
import { ConfigError, loadConfig } from '@benchside/server/config';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import { type AdminCommand, AdminUsageError } from './command.ts';

/**
 * `npm run admin -- <command> [options]`: the operator's commands, run against the same database
 * `npm start` uses (DATA_DIR or DATABASE_URL). Each command lives in `commands/<name>.ts`.
 */
const COMMANDS: Record<string, () => Promise<AdminCommand>> = {
  reply: async () => (await import('./commands/reply.ts')).command,
  kb: async () => (await import('./commands/kb.ts')).command,
  publish: async () => (await import('./commands/publish.ts')).command,
  unpublish: async () => (await import('./commands/unpublish.ts')).command,
  list: async () => (await import('./commands/list.ts')).command,
  resign: async () => (await import('./commands/resign.ts')).command,
  notify: async () => (await import('./commands/notify.ts')).command,
  card: async () => (await import('./commands/card.ts')).command,
  credit: async () => (await import('./commands/credit.ts')).command,
  product: async () => (await import('./commands/product.ts')).command,
  models: async () => (await import('./commands/models.ts')).command,
  reminders: async () => (await import('./commands/reminders.ts')).command,
  digests: async () => (await import('./commands/digests.ts')).command,
};

function printUsage(stream: NodeJS.WriteStream): void {
  const lines = Object.keys(COMMANDS).map((name) => `  npm run admin -- ${name}`);
  stream.write(`Usage:\n${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    if (name && name !== 'help' && name !== '--help') process.stderr.write(`Unknown command: ${name}\n`);
    printUsage(process.stderr);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  const command = await load();
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: npm run admin -- ${command.usage}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  const storage = await createObjectStorage(config);
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    await command.run(
      { config, db: database.db, storage, print: (line) => process.stdout.write(`${line}\n`) },
      { values: args.values, positionals: args.positionals },
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AdminUsageError)) throw error;
    process.stderr.write(`${error.message}\nUsage: npm run admin -- ${command.usage}\n`);
    return 2;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Operators get one line, never a stack trace: configuration and lock errors explain themselves.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof ConfigError ? '' : 'Failed: '}${message}\n`);
    process.exit(1);
  },
);
