import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '@benchside/db/database';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { command as publishCommand } from '../admin/commands/publish.ts';

/**
 * `POST /api/test/publish`: the operator's `publish` command, run with these arguments on a small
 * generated file. Registered only on the end-to-end stack (as the reminder job's route), whose
 * embedded database belongs to the running portal, so a browser test cannot start the admin CLI
 * beside it.
 */
export function registerPublishTestRoute(
  app: App,
  options: { config: Config; db: Kysely<Database>; storage: ObjectStorage },
): void {
  app.post(
    '/api/test/publish',
    {
      schema: {
        hide: true,
        body: z.object({
          file: z.string().regex(/^[\w.+-]{1,100}$/),
          args: z.array(z.string().max(200)).max(20),
        }),
        response: { 200: z.object({ printed: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const work = await mkdtemp(join(tmpdir(), 'benchside-e2e-publish-'));
      try {
        const source = join(work, request.body.file);
        await writeFile(source, `e2e package ${request.body.file}\n`);
        const parsed = parseArgs({
          args: [source, ...request.body.args],
          options: publishCommand.options,
          allowPositionals: true,
          strict: true,
        });
        const printed: string[] = [];
        await publishCommand.run(
          { ...options, print: (line) => printed.push(line) },
          { values: parsed.values, positionals: parsed.positionals },
        );
        return { printed };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  );
}
