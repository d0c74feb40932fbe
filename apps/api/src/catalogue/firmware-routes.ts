import { fileIdParamsSchema } from '@benchside/contracts/catalogue';
import {
  firmwareBuildDetailSchema,
  firmwareBuildsQuerySchema,
  firmwareBuildsResponseSchema,
} from '@benchside/contracts/firmwares';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import type { Kysely } from 'kysely';
import { findFirmwareBuild, listFirmwareBuilds } from './firmware-store.ts';

export const FIRMWARE_NOT_FOUND_MESSAGE = 'The requested firmware is not found';

/** Issue 19 item 4: a model's firmware builds with what technicians check before flashing. */
export function registerFirmwareRoutes(app: App, { db }: { db: Kysely<Database> }): void {
  app.get(
    '/api/firmwares',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A model's firmware builds, newest release first, by region (CSC) and Android version",
        description:
          'Each build says whether it is the newest release of its region for the model, whatever the ' +
          "filters; `regions` and `androidVersions` are the model's, for the filters.",
        security: [{ session: [] }],
        querystring: firmwareBuildsQuerySchema,
        response: { 200: firmwareBuildsResponseSchema },
      },
    },
    async (request) => listFirmwareBuilds(db, request.user.id, request.query),
  );

  app.get(
    '/api/firmwares/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One firmware build with its changelog',
        security: [{ session: [] }],
        params: fileIdParamsSchema,
        response: { 200: firmwareBuildDetailSchema },
      },
    },
    async (request) => {
      const build = await findFirmwareBuild(db, request.user.id, request.params.id);
      if (!build) throw new NotFoundError(FIRMWARE_NOT_FOUND_MESSAGE);
      return build;
    },
  );
}
