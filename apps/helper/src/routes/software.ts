import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type HelperOk, type InstalledTool, runSoftwareBodySchema } from '@benchside/contracts/helper';
import { BadGatewayError, ConflictError, NotFoundError } from '@benchside/server/errors';
import type { FastifyInstance } from 'fastify';
import { describeSpawnError, spawnDetached } from '../desktop/spawn-detached.ts';
import { parseWith } from '../http-errors.ts';
import type { InstalledTools } from '../software/installed-tools.ts';

type SoftwareRoutesOptions = { tools: InstalledTools };

/** Spec §7 "Local helper": `/software/*`. Only tools this helper installed can be run, by id. */
export function registerSoftwareRoutes(app: FastifyInstance, options: SoftwareRoutesOptions): void {
  const { tools } = options;

  app.post('/software/list', async (): Promise<InstalledTool[]> => tools.list());

  app.post('/software/run', async (request): Promise<HelperOk> => {
    const body = parseWith(runSoftwareBodySchema, request.body);
    const tool = tools.get(body.id);
    if (!tool) {
      throw new NotFoundError(
        `Error running tool: there is no installed tool with the id ${JSON.stringify(body.id)}`,
      );
    }
    const executable = join(tool.folder, ...tool.executable.split('/'));
    // The program may have been swapped for a link since the install: it must still be inside its folder.
    const [realFolder, realExecutable] = await Promise.all([
      realpath(tool.folder).catch(() => undefined),
      realpath(executable).catch(() => undefined),
    ]);
    if (realFolder === undefined || realExecutable === undefined) {
      throw new ConflictError(`Error running tool: ${tool.name} is no longer on disk; install it again`);
    }
    const fromFolder = relative(realFolder, realExecutable);
    if (fromFolder === '' || fromFolder.startsWith(`..${sep}`) || isAbsolute(fromFolder)) {
      throw new ConflictError(`Error running tool: the program of ${tool.name} points outside its folder`);
    }
    try {
      await spawnDetached(realExecutable, tool.args, { cwd: tool.folder });
    } catch (error) {
      request.log.warn({ err: error, tool: tool.id }, 'a tool could not be started');
      throw new BadGatewayError(
        `Error launching the software: ${describeSpawnError(error, tool.executable)}`,
      );
    }
    return { ok: true };
  });
}
