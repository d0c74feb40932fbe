import { join } from 'node:path';
import { type InstalledTool, toolManifestSchema } from '@benchside/contracts/helper';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomically } from '../atomic-json.ts';

export const TOOLS_FILE_NAME = 'tools.json';

export const installedToolRecordSchema = toolManifestSchema.extend({
  soft: z.string(),
  /** Absolute folder the package was unpacked into, inside the tools folder. */
  folder: z.string(),
  sha256: z.string(),
  downloadHash: z.string(),
  installedAt: z.iso.datetime(),
});
export type InstalledToolRecord = z.infer<typeof installedToolRecordSchema>;

const toolsFileSchema = z.object({
  version: z.literal(1),
  tools: z.array(installedToolRecordSchema),
});

/** The tools installed by the helper, in its config folder: the only programs `/software/run` starts. */
export class InstalledTools {
  readonly #file: string;
  #tools: InstalledToolRecord[];
  #pendingWrite: Promise<void> = Promise.resolve();

  private constructor(file: string, tools: InstalledToolRecord[]) {
    this.#file = file;
    this.#tools = tools;
  }

  static async open(configDir: string, warn: (message: string) => void): Promise<InstalledTools> {
    const file = join(configDir, TOOLS_FILE_NAME);
    return new InstalledTools(file, await readTools(file, warn));
  }

  /** Name-sorted, as the software list shows them. */
  list(): InstalledTool[] {
    return [...this.#tools]
      .sort((first, second) => first.name.localeCompare(second.name) || first.id.localeCompare(second.id))
      .map(({ id, name, version, soft, folder, installedAt }) => ({
        id,
        name,
        version,
        soft,
        folder,
        installedAt,
      }));
  }

  get(id: string): InstalledToolRecord | undefined {
    return this.#tools.find((tool) => tool.id === id);
  }

  /** Records `tool`, replacing any earlier record with its id; on disk before it counts. */
  put(tool: InstalledToolRecord): Promise<void> {
    return this.#change((tools) => [...tools.filter((existing) => existing.id !== tool.id), tool]);
  }

  /** Drops the record of `id`. */
  forget(id: string): Promise<void> {
    return this.#change((tools) => tools.filter((existing) => existing.id !== id));
  }

  async #change(next: (tools: InstalledToolRecord[]) => InstalledToolRecord[]): Promise<void> {
    const write = this.#pendingWrite.then(async () => {
      const tools = next(this.#tools);
      await writeJsonAtomically(this.#file, { version: 1, tools });
      this.#tools = tools;
    });
    this.#pendingWrite = write.catch(() => undefined);
    await write;
  }
}

async function readTools(file: string, warn: (message: string) => void): Promise<InstalledToolRecord[]> {
  const content = await readJsonFile(file, toolsFileSchema, 'a tool list');
  if (content.found === 'value') return content.value.tools;
  if (content.found !== 'nothing') warn(`${content.problem}; no installed tools are known`);
  return [];
}
