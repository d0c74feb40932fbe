import { z } from 'zod';
import { collectionSchema, pagingQuerySchema } from './common.ts';

/**
 * A firmware's build details (issue 19 item 4): what technicians filter by and check before
 * flashing. The operator's `publish` and the API's filters check them with the same rules.
 */

/** A Samsung CSC (`EUX`, `XEF`) or a vendor's region name (`Global`, `EEA`). */
export const REGION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,31}$/;
export const REGION_RULE = 'The region must be 1 to 32 letters, digits, spaces, "-" or "_"';
/** `14`, `8.1`: the major version and at most one minor. */
export const ANDROID_VERSION_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;
export const ANDROID_VERSION_RULE = 'The Android version must be a number such as 14 or 8.1';
/** Samsung's revision is one hexadecimal digit (up to 15) today; room for what follows it. */
export const MAX_BOOTLOADER = 99;
export const MAX_CHANGELOG_LENGTH = 10_000;

export const firmwareRegionSchema = z.string().trim().regex(REGION_PATTERN, REGION_RULE);
export const androidVersionSchema = z.string().trim().regex(ANDROID_VERSION_PATTERN, ANDROID_VERSION_RULE);

const MODEL_REQUIRED = 'The brand and model are required';
const modelName = z
  .string({ error: MODEL_REQUIRED })
  .trim()
  .min(1, MODEL_REQUIRED)
  .max(100, 'The name must be at most 100 characters');

/** `GET /api/firmwares`: one model's builds, newest release first, narrowed by region and Android version. */
export const firmwareBuildsQuerySchema = pagingQuerySchema.extend({
  brand: modelName,
  model: modelName,
  region: firmwareRegionSchema.optional(),
  android: androidVersionSchema.optional(),
});
export type FirmwareBuildsQuery = z.infer<typeof firmwareBuildsQuerySchema>;

/** One firmware build; the details are null where the operator did not give them. */
export const firmwareBuildSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  soft: z.string().nullable(),
  /** The build number, e.g. `A525FXXU4CVJB`. */
  version: z.string().nullable(),
  region: z.string().nullable(),
  android: z.string().nullable(),
  securityPatch: z.iso.date().nullable(),
  /** The device cannot go back below it once flashed; a device above it cannot flash this build. */
  bootloader: z.number().int().nullable(),
  releaseDate: z.iso.date().nullable(),
  size: z.number(),
  sha256: z.string(),
  /** When it was published. */
  date: z.iso.datetime(),
  entitled: z.boolean(),
  /** The newest release of its region for this model (whatever the filters). */
  latestForRegion: z.boolean(),
});
export type FirmwareBuild = z.infer<typeof firmwareBuildSchema>;

/** The page of builds, and every region and Android version of the model for the filters. */
export const firmwareBuildsResponseSchema = collectionSchema(firmwareBuildSchema).extend({
  regions: z.array(z.string()),
  androidVersions: z.array(z.string()),
});

/** `GET /api/firmwares/{id}`: one build with its changelog. */
export const firmwareBuildDetailSchema = firmwareBuildSchema.extend({
  brand: z.string(),
  model: z.string(),
  changelog: z.string().nullable(),
});
export type FirmwareBuildDetail = z.infer<typeof firmwareBuildDetailSchema>;
