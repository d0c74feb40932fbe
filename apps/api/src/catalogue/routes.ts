import {
  brandsResponseSchema,
  downloadLinkSchema,
  FILES_SOFT_NAME,
  fileIdParamsSchema,
  filesByParentQuerySchema,
  filesByParentResponseSchema,
  filesCollectionSchema,
  filesQuerySchema,
  modelsCollectionSchema,
  modelsQuerySchema,
  postSearchBodySchema,
  searchResultsSchema,
  softsCollectionSchema,
} from '@benchside/contracts/catalogue';
import { DEFAULT_LANGUAGE, isLanguage } from '@benchside/contracts/languages';
import type { Database } from '@benchside/db/database';
import { sharedReads } from '@benchside/server/batched-lookup';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { ForbiddenError, NotFoundError } from '@benchside/server/errors';
import { toPrefixQuery } from '@benchside/server/search-text';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type DownloadLinkSigner, TORRENT_LINK_TTL_MS } from './download-links.ts';
import {
  findPackage,
  folderPath,
  listBrands,
  listFirmwares,
  listFolder,
  listModels,
  listNewestSofts,
  searchCatalogueAndArticles,
  searchFilesByName,
} from './store.ts';
import { extraWebSeeds } from './torrents.ts';

export const FILE_NOT_FOUND_MESSAGE = 'The requested file is not found';
export const FILE_FORBIDDEN_MESSAGE = 'You do not have access to this file';

export interface CatalogueRoutesContext {
  config: Config;
  db: Kysely<Database>;
  signer: DownloadLinkSigner;
}

/** Spec §7 "Files, models, software": the tree, models and brands, softs, download links, search. */
export function registerCatalogueRoutes(app: App, { config, db, signer }: CatalogueRoutesContext): void {
  // Listings every technician opens (a search, the brands, a brand's models) are read once
  // per event-loop turn for all who ask the same; the key holds the user where entitlement shows.
  const sharedFiles = sharedReads<z.infer<typeof filesCollectionSchema>>();
  const sharedBrands = sharedReads<z.infer<typeof brandsResponseSchema>>();
  const sharedModels = sharedReads<z.infer<typeof modelsCollectionSchema>>();
  const sharedSearch = sharedReads<z.infer<typeof searchResultsSchema>>();

  app.get(
    '/api/files',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Search the files tree by name (`file`), list the firmwares of a `brand` (and `model`), or the root',
        security: [{ session: [] }],
        querystring: filesQuerySchema,
        response: { 200: filesCollectionSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { file, brand, model, ...paging } = request.query;
      return sharedFiles(`${user.id} ${JSON.stringify(request.query)}`, async () => {
        if (brand !== undefined || model !== undefined) {
          return listFirmwares(db, user.id, { brand, model, file }, paging);
        }
        if (file) return searchFilesByName(db, user.id, file, paging);
        return listFolder(db, user.id, undefined, paging);
      });
    },
  );

  app.get(
    '/api/file/get-by-parent',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A folder's content (the root without `parent`) and its path for breadcrumbs",
        security: [{ session: [] }],
        querystring: filesByParentQuerySchema,
        response: { 200: filesByParentResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { parent, ...paging } = request.query;
      let parents: { id: number; file: string }[] = [];
      if (parent !== undefined) {
        const path = await folderPath(db, parent);
        if (path === null) throw new NotFoundError('The requested folder is not found');
        parents = path;
      }
      const page = await listFolder(db, user.id, parent, paging);
      return { ...page, parents };
    },
  );

  app.get(
    '/api/file/get-download-link/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "Short-lived signed links to a package's .torrent, for the helper's /downloads/add, and to the package itself for a plain HTTPS download",
        description: '403 when the package is restricted to a soft the user was not granted.',
        security: [{ session: [] }],
        params: fileIdParamsSchema,
        response: { 200: downloadLinkSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await findPackage(db, user.id, request.params.id);
      if (!row?.storage_name || !row.sha256 || !row.info_hash)
        throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
      if (!row.entitled) throw new ForbiddenError(FILE_FORBIDDEN_MESSAGE);
      const expiresAt = new Date(Date.now() + TORRENT_LINK_TTL_MS);
      return {
        id: row.id,
        file: row.file,
        url: signer.signedUrl(config.downloadsHost, torrentPathOf(row.storage_name), expiresAt),
        directUrl: signer.signedUrl(config.downloadsHost, `/${row.storage_name}`, expiresAt),
        expiresAt: expiresAt.toISOString(),
        soft: row.soft ?? FILES_SOFT_NAME,
        sha256: row.sha256,
        size: Number(row.size ?? 0),
        infoHash: row.info_hash,
        webSeeds: extraWebSeeds(config.webSeedUrls, {
          storage_name: row.storage_name,
          restricted: row.restricted,
        }),
      };
    },
  );

  app.get(
    '/api/model/brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every brand with a firmware and how many models it has, sorted by name',
        security: [{ session: [] }],
        response: { 200: brandsResponseSchema },
      },
    },
    async () =>
      sharedBrands('all', async () => {
        const brands = await listBrands(db);
        return { brands: brands.map(({ brand, models }) => ({ brand, models: Number(models) })) };
      }),
  );

  app.get(
    '/api/models',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A brand's models, or the models whose name holds `model`; softs merged per model",
        security: [{ session: [] }],
        querystring: modelsQuerySchema,
        response: { 200: modelsCollectionSchema },
      },
    },
    async (request) => {
      const { brand, model, page, itemsPerPage } = request.query;
      return sharedModels(JSON.stringify(request.query), async () => {
        const { member, totalItems } = await listModels(db, { brand, model }, { page, itemsPerPage });
        return {
          member: member.map((row) => ({
            model: row.model,
            brand: row.brand,
            soft: row.softs.map((name) => ({ name })),
          })),
          totalItems,
        };
      });
    },
  );

  app.get(
    '/api/softs',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The tools the signed-in user may use, each at its newest version, by name',
        security: [{ session: [] }],
        response: { 200: softsCollectionSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const rows = await listNewestSofts(db, user.id);
      const member = rows
        .map((row) => ({
          name: row.soft ?? '',
          version: row.version ?? '',
          fileId: row.id,
          file: row.file,
          size: Number(row.size ?? 0),
          date: row.created_at.toISOString(),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return { member, totalItems: member.length };
    },
  );

  app.post(
    '/api/forum/post-search',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "Full-text search over the catalogue's names and, with support enabled, the knowledge base's titles, best first",
        description:
          'Every word is a prefix and all are required. Articles are matched on their title in the ' +
          "user's language, or in English when the article has no text in it.",
        security: [{ session: [] }],
        body: postSearchBodySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { query: text, page, itemsPerPage } = request.body;
      const catalogueQuery = toPrefixQuery(text, { prefix: 'every', fold: 'lowercase' });
      // Weight A is the title in kb_article_texts.search_vector: the body is not searched here.
      const titleQuery = toPrefixQuery(text, { prefix: 'every', fold: 'lowercase', weights: 'A' });
      if (catalogueQuery === null || titleQuery === null) return { member: [], totalItems: 0 };
      const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
      return sharedSearch(`${user.id} ${language} ${JSON.stringify(request.body)}`, () =>
        searchCatalogueAndArticles(
          db,
          { userId: user.id, catalogueQuery, titleQuery, language, withArticles: config.supportEnabled },
          { page, itemsPerPage },
        ),
      );
    },
  );
}

/** The path of a package's torrent below the downloads host. */
export function torrentPathOf(storageName: string): string {
  return `/${storageName}.torrent`;
}
