import { join } from 'node:path';
import { type HelperSettings, helperSettingsSchema } from '@benchside/contracts/helper';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomically } from './atomic-json.ts';

// Files written before a setting existed lack it: each one left out takes its default.
const settingsSchema = helperSettingsSchema.partial().extend({
  downloadFolder: z.string().optional(),
});
export type StoredSettings = z.infer<typeof settingsSchema>;

/** What a fresh helper does: no speed limit, downloads resume where they were. */
const DEFAULT_DOWNLOAD_SETTINGS: HelperSettings = { downloadLimitKBps: 0, pauseAtStartup: false };

export const SETTINGS_FILE_NAME = 'settings.json';

/** The helper's settings in its per-user config folder; every change is on disk before it is answered. */
export class SettingsStore {
  readonly #file: string;
  #settings: StoredSettings;
  // Writes are chained so two quick changes cannot land on disk in the wrong order.
  #pendingWrite: Promise<void> = Promise.resolve();

  private constructor(file: string, settings: StoredSettings) {
    this.#file = file;
    this.#settings = settings;
  }

  static async open(configDir: string, warn: (message: string) => void): Promise<SettingsStore> {
    const file = join(configDir, SETTINGS_FILE_NAME);
    return new SettingsStore(file, await readSettings(file, warn));
  }

  get current(): Readonly<StoredSettings> {
    return this.#settings;
  }

  /** The download settings, each at its default until the technician changes it. */
  get downloadSettings(): HelperSettings {
    return {
      downloadLimitKBps: this.#settings.downloadLimitKBps ?? DEFAULT_DOWNLOAD_SETTINGS.downloadLimitKBps,
      pauseAtStartup: this.#settings.pauseAtStartup ?? DEFAULT_DOWNLOAD_SETTINGS.pauseAtStartup,
    };
  }

  async update(change: Partial<StoredSettings>): Promise<void> {
    const write = this.#pendingWrite.then(async () => {
      const next = { ...this.#settings, ...change };
      await writeJsonAtomically(this.#file, next);
      this.#settings = next;
    });
    this.#pendingWrite = write.catch(() => undefined);
    await write;
  }
}

async function readSettings(file: string, warn: (message: string) => void): Promise<StoredSettings> {
  const content = await readJsonFile(file, settingsSchema, 'helper settings');
  if (content.found === 'value') return content.value;
  if (content.found !== 'nothing') warn(`${content.problem}; using default settings`);
  return {};
}
