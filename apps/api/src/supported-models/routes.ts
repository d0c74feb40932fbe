import {
  supportedBrandsSchema,
  supportedModelSchema,
  supportedModelsCollectionSchema,
  supportedModelsQuerySchema,
} from '@benchside/contracts/supported-models';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { findSupportedModel, listSupportedBrands, searchSupportedModels } from './store.ts';

const ID = /^[1-9]\d{0,15}$/;
const security = [{ session: [] }];
const tags = ['supported models'];

/** Issue 19 item 2: which models the products support, with each function's product and cost. */
export function registerSupportedModelRoutes(app: App, { db }: { db: Kysely<Database> }): void {
  app.get(
    '/api/supported-models',
    {
      schema: {
        tags,
        summary:
          'Supported models by brand then name; `q` finds brand and name words by their start and model codes by any part ("A525" finds SM-A525F)',
        security,
        querystring: supportedModelsQuerySchema,
        response: { 200: supportedModelsCollectionSchema },
      },
    },
    async (request) => {
      const { q, brand, page, itemsPerPage } = request.query;
      return searchSupportedModels(db, { q, brand }, { page, itemsPerPage });
    },
  );

  app.get(
    '/api/supported-models/brands',
    {
      schema: {
        tags,
        summary: 'The brands with a supported model and how many each has, sorted by name',
        security,
        response: { 200: supportedBrandsSchema },
      },
    },
    async () => listSupportedBrands(db),
  );

  app.get(
    '/api/supported-models/:id',
    {
      schema: {
        tags,
        summary:
          "A supported model's functions, each with its product and credit cost, and the firmware catalogue's models named like it",
        security,
        params: z.object({ id: z.string().max(32) }),
        response: { 200: supportedModelSchema },
      },
    },
    async (request) => {
      const id = ID.test(request.params.id) ? Number(request.params.id) : Number.NaN;
      const model = Number.isSafeInteger(id) ? await findSupportedModel(db, id) : undefined;
      if (!model) throw new NotFoundError('The requested model is not found');
      return model;
    },
  );
}
