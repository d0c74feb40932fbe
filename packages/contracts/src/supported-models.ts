import { z } from 'zod';
import { collectionSchema, pagingQuerySchema } from './common.ts';

/**
 * "Will it work on this phone and what does it cost?" (issue 19 item 2): the models the vendor's
 * products support, searched by brand, name or model code, each with its functions, the product
 * that provides each and its credit cost. Not the firmware catalogue's models (`/api/models`).
 */

/** The functions a product may provide for a model, in the order the model page lists them. */
export const SUPPORTED_FUNCTIONS = [
  'read_info',
  'read_data',
  'flash',
  'factory_reset',
  'unlock',
  'frp',
  'network_unlock',
  'unlock_bootloader',
  'repair_imei',
] as const;
export const supportedFunctionSchema = z.enum(SUPPORTED_FUNCTIONS);
export type SupportedFunction = z.infer<typeof supportedFunctionSchema>;

export const MAX_BRAND_LENGTH = 50;
export const MAX_MODEL_NAME_LENGTH = 100;
export const MAX_FUNCTION_NOTE_LENGTH = 200;
export const MAX_CREDIT_COST = 100_000;

/** `GET /api/supported-models?q=&brand=`: `q` matches a name's words by their start, a code anywhere. */
export const supportedModelsQuerySchema = pagingQuerySchema.extend({
  q: z.string().trim().max(100, 'The search text must be at most 100 characters').optional(),
  brand: z.string().trim().min(1).max(MAX_BRAND_LENGTH, 'The brand must be at most 50 characters').optional(),
});

const supportedModelFields = {
  id: z.number().int().positive(),
  brand: z.string(),
  name: z.string(),
  codes: z.array(z.string()),
};

/** A search result: the model and which functions it has, without products or costs. */
export const supportedModelSummarySchema = z.object({
  ...supportedModelFields,
  functions: z.array(supportedFunctionSchema),
});
export type SupportedModelSummary = z.infer<typeof supportedModelSummarySchema>;

export const supportedModelsCollectionSchema = collectionSchema(supportedModelSummarySchema);

/** `GET /api/supported-models/brands`: the brand filter's choices, sorted, with their model counts. */
export const supportedBrandsSchema = z.object({
  brands: z.array(z.object({ brand: z.string(), models: z.number().int().min(0) })),
});

/** One function of a model as a product provides it. */
export const supportedModelFunctionSchema = z.object({
  function: supportedFunctionSchema,
  product: z.object({ id: z.string(), name: z.string() }),
  credits: z.number().int().min(0),
  /** What the technician must know before starting, e.g. "needs test point"; empty if nothing. */
  note: z.string(),
});
export type SupportedModelFunction = z.infer<typeof supportedModelFunctionSchema>;

/**
 * `GET /api/supported-models/{id}`: the model with every function, and the firmware catalogue's
 * models of the same brand named like it or like one of its codes (for links to its firmwares).
 */
export const supportedModelSchema = z.object({
  ...supportedModelFields,
  functions: z.array(supportedModelFunctionSchema),
  catalogueModels: z.array(z.object({ brand: z.string(), model: z.string() })),
});
export type SupportedModel = z.infer<typeof supportedModelSchema>;
