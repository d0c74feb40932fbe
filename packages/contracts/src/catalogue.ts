import { z } from 'zod';
import { collectionSchema, pagingQuerySchema } from './common.ts';

/**
 * The catalogue of spec §3/§7: the files tree, models and brands, softs (tools), download links
 * and the catalogue search. Listings are directories first, then by name.
 */

export const CATALOGUE_KINDS = ['firmware', 'tool', 'file'] as const;
export const catalogueKindSchema = z.enum(CATALOGUE_KINDS);
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;

/** What `/downloads/add` is told as `soft` for a package that belongs to no soft. */
export const FILES_SOFT_NAME = 'Files';

/** A folder or a published package of the tree (package fields are null on folders). */
export const catalogueFileSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  isDir: z.boolean(),
  parent: z.number().int().nullable(),
  /** Bytes; null for a folder. */
  size: z.number().nullable(),
  date: z.iso.datetime(),
  kind: catalogueKindSchema.nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  soft: z.string().nullable(),
  version: z.string().nullable(),
  /** Whether the signed-in user may download it (always true for folders). */
  entitled: z.boolean(),
});
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

const searchText = z.string().trim().max(100, 'The search text must be at most 100 characters');
const nameFilter = z.string().trim().min(1).max(100, 'The name must be at most 100 characters');

/** `GET /api/files`: `file` searches the whole tree, `brand` (and `model`) lists firmwares; else the root folder. */
export const filesQuerySchema = pagingQuerySchema.extend({
  file: searchText.optional(),
  brand: nameFilter.optional(),
  model: nameFilter.optional(),
});

export const filesCollectionSchema = collectionSchema(catalogueFileSchema);

/** `GET /api/file/get-by-parent`: a folder's content; no `parent` is the root. */
export const filesByParentQuerySchema = pagingQuerySchema.extend({
  parent: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const folderCrumbSchema = z.object({ id: z.number().int(), file: z.string() });

/** The folder's content plus its path from the root (for breadcrumbs), the folder itself last. */
export const filesByParentResponseSchema = filesCollectionSchema.extend({
  parents: z.array(folderCrumbSchema),
});

export const fileIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * `GET /api/file/get-download-link/{id}`: a short-lived signed link to the package's `.torrent`
 * (what the helper's `/downloads/add` takes as `url`), with what `/downloads/add` needs besides,
 * and the package's extra web seeds (WEB_SEED_URLS: a CDN, the bucket), which the page hands to
 * the helper's `/downloads/addWebSeeds`.
 */
export const downloadLinkSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  url: z.string(),
  /** The package itself on the downloads host, for a browser that has no helper (a phone); as short-lived as `url`. */
  directUrl: z.string(),
  expiresAt: z.iso.datetime(),
  soft: z.string(),
  sha256: z.string(),
  size: z.number(),
  infoHash: z.string(),
  webSeeds: z.array(z.string()),
});

/** `GET /api/model/brands` (spec §3: `brands[].brand`, sorted), with each brand's model count for the mega menu. */
export const brandsResponseSchema = z.object({
  brands: z.array(z.object({ brand: z.string(), models: z.number().int().min(0) })),
});

/** `GET /api/models?brand=` or `?model=` (part of the model name). */
export const modelsQuerySchema = pagingQuerySchema.extend({
  brand: nameFilter.optional(),
  model: nameFilter.optional(),
});

/** One model of one brand, its softs merged without duplicates. */
export const catalogueModelSchema = z.object({
  model: z.string(),
  brand: z.string(),
  soft: z.array(z.object({ name: z.string() })),
});
export const modelsCollectionSchema = collectionSchema(catalogueModelSchema);

/** `GET /api/softs`: the tools the signed-in user may use, each at its newest version. */
export const softSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** The package to download (`/api/file/get-download-link/{fileId}`). */
  fileId: z.number().int(),
  file: z.string(),
  size: z.number(),
  date: z.iso.datetime(),
});
export type Soft = z.infer<typeof softSchema>;
export const softsCollectionSchema = collectionSchema(softSchema);

/** `POST /api/forum/post-search`: full-text search over the catalogue's names and the knowledge base's titles, paged. */
export const postSearchBodySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'The search text is required')
    .max(100, 'The search text must be at most 100 characters'),
  page: z.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.number().int().min(1).max(100).default(30),
});

const hitFields = {
  /** The file name, or the article's title in the reader's language (English when not translated). */
  title: z.string(),
  /** `ts_rank` on one scale for both sources: higher is better; results come best first. */
  rank: z.number(),
};

/** A folder or package: open it with `/api/file/get-by-parent?parent=` or download it by `file.id`. */
export const catalogueSearchHitSchema = z.object({
  kind: z.enum(['folder', ...CATALOGUE_KINDS]),
  ...hitFields,
  file: catalogueFileSchema,
});

/** A knowledge-base article: the web app shows it at `/support/articles/{slug}`. */
export const articleSearchHitSchema = z.object({
  kind: z.literal('article'),
  ...hitFields,
  article: z.object({
    slug: z.string(),
    /** The category's slug. */
    category: z.string(),
    /** The language of `title`. */
    language: z.string(),
  }),
});

/** What a search hit is: a catalogue row (a folder or a package of one kind) or a knowledge-base article. */
export const searchHitSchema = z.discriminatedUnion('kind', [
  catalogueSearchHitSchema,
  articleSearchHitSchema,
]);
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultsSchema = collectionSchema(searchHitSchema);
