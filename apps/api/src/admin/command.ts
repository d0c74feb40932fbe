import { readFile } from 'node:fs/promises';
import type { ParseArgsConfig } from 'node:util';
import type { Database } from '@benchside/db/database';
import type { Config } from '@benchside/server/config';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Kysely } from 'kysely';

/** What every operator command gets: the configuration, the database, the file storage, and where to print. */
export interface AdminContext {
  config: Config;
  db: Kysely<Database>;
  storage: ObjectStorage;
  print(line: string): void;
}

/** Parsed with node's `parseArgs`: `values` holds the options, `positionals` the rest. */
export interface AdminArguments {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** One `npm run admin -- <name> ...` sub-command, in its own file under `commands/`. */
export interface AdminCommand {
  /** One line for the command list, e.g. `notify --user U|--all --message M`. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(context: AdminContext, args: AdminArguments): Promise<void>;
}

/** Wrong or missing arguments: printed with the command's usage, exit code 2. */
export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

/** Reads a required string option or explains what is missing. */
export function requireOption(args: AdminArguments, name: string): string {
  const value = args.values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminUsageError(`--${name} is required`);
  return value;
}

/** A file the operator named, as UTF-8 text; one that cannot be read is a usage error naming why. */
export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new AdminUsageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/**
 * An optional `--<name> YYYY-MM-DD` day, read as its last second in UTC (what "valid until" means
 * to a customer), or null when the option is absent.
 */
export function optionalDay(args: AdminArguments, name: string): Date | null {
  const value = args.values[name];
  if (value === undefined) return null;
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59Z`) : null;
  if (!day || Number.isNaN(day.getTime())) throw new AdminUsageError(`--${name} must be YYYY-MM-DD`);
  return day;
}
