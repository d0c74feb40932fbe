import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomically } from './atomic-json.ts';

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
  const content = await readJsonFile(file, settingsSchema, 'helper settings');
  if (content.found === 'value') return content.value;
  if (content.found !== 'nothing') warn(`${content.problem}; using default settings`);
  return {};
}
