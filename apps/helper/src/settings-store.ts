import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeJsonAtomically } from './atomic-json.ts';

const settingsSchema = z.object({
  downloadFolder: z.string().optional(),
});
export type HelperSettings = z.infer<typeof settingsSchema>;

export const SETTINGS_FILE_NAME = 'settings.json';

/** The helper's settings in its per-user config folder; every change is on disk before it is answered. */
export class SettingsStore {
  readonly #file: string;
  #settings: HelperSettings;
  // Writes are chained so two quick changes cannot land on disk in the wrong order.
  #pendingWrite: Promise<void> = Promise.resolve();

  private constructor(file: string, settings: HelperSettings) {
    this.#file = file;
    this.#settings = settings;
  }

  static async open(configDir: string, warn: (message: string) => void): Promise<SettingsStore> {
    const file = join(configDir, SETTINGS_FILE_NAME);
    return new SettingsStore(file, await readSettings(file, warn));
  }

  get current(): Readonly<HelperSettings> {
    return this.#settings;
  }

  async update(change: Partial<HelperSettings>): Promise<void> {
    const write = this.#pendingWrite.then(async () => {
      const next = { ...this.#settings, ...change };
      await writeJsonAtomically(this.#file, next);
      this.#settings = next;
    });
    this.#pendingWrite = write.catch(() => undefined);
    await write;
  }
}

async function readSettings(file: string, warn: (message: string) => void): Promise<HelperSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return {};
    warn(`Cannot read ${file} (${describe(error)}); using default settings`);
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    warn(`${file} is not valid JSON (${describe(error)}); using default settings`);
    return {};
  }
  const parsed = settingsSchema.safeParse(json);
  if (!parsed.success) {
    warn(
      `${file} does not hold helper settings (${parsed.error.issues[0]?.message}); using default settings`,
    );
    return {};
  }
  return parsed.data;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
