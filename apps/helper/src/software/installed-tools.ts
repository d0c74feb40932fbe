import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type InstalledTool, toolManifestSchema } from '@benchside/contracts/helper';
import { z } from 'zod';
import { writeJsonAtomically } from '../atomic-json.ts';

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
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    warn(`Cannot read ${file} (${describe(error)}); no installed tools are known`);
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    warn(`${file} is not valid JSON (${describe(error)}); no installed tools are known`);
    return [];
  }
  const parsed = toolsFileSchema.safeParse(json);
  if (!parsed.success) {
    warn(
      `${file} does not hold a tool list (${parsed.error.issues[0]?.message}); no installed tools are known`,
    );
    return [];
  }
  return parsed.data.tools;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
