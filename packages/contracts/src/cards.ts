/**
 * Cards, products, credentials (`user-crds`), credits and tokens: spec §3 and §7 "Cards and
 * credits". The model is written down in docs/decisions/078-card-model.md.
 */
import { z } from 'zod';
import { productIdSchema } from './card-validation.ts';
import { pagingQuerySchema, sortDirectionSchema } from './common.ts';

/** The card firmware the vendor ships now; a card below it offers an update. */
export const LATEST_CARD_FIRMWARE_VERSION = '2.1.0';

export const cardStateSchema = z.enum(['active', 'suspended']);
export type CardState = z.infer<typeof cardStateSchema>;

/**
 * A licence the card holds; `activatedAt` is null until the card itself has it written. It ends at
 * `expiresAt`, or `validDays` after its activation while it waits for one (both null: no end).
 */
export const cardLicenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  validDays: z.number().int().nullable(),
});
export type CardLicence = z.infer<typeof cardLicenceSchema>;

export const cardSchema = z.object({
  id: z.string(),
  serial: z.string(),
  firmwareVersion: z.string(),
  updateAvailable: z.boolean(),
  state: cardStateSchema,
  assignedAt: z.string(),
  products: z.array(cardLicenceSchema),
  credentials: z.number().int(),
  /** When the card's support licence ends; null when it does not. */
  expiresAt: z.string().nullable(),
});
export type Card = z.infer<typeof cardSchema>;

/** Ids in paths: any other shape is simply not found. */
export const idParamsSchema = z.object({ id: z.string().max(64) });

export const cardAssignedLogSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  serial: z.string(),
  action: z.enum(['assigned', 'unassigned']),
  at: z.string(),
});

export const cardLogEventSchema = z.enum([
  'assigned',
  'unassigned',
  'activation-issued',
  'product-activated',
  'firmware-updated',
  'credential-linked',
  'credential-unlinked',
]);
export type CardLogEvent = z.infer<typeof cardLogEventSchema>;

export const cardLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: cardLogEventSchema,
  detail: z.string(),
});

export const cardDownloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  size: z.number(),
  date: z.string(),
});

export const cardDownloadsQuerySchema = pagingQuerySchema.extend({
  'order[date]': sortDirectionSchema.default('desc'),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});

/** `POST /api/cards/{id}/activations`: a token the card checks before it writes the licence. */
export const activationBodySchema = z.object({ product: productIdSchema });
export const activationResponseSchema = z.object({ productID: z.string(), activationToken: z.string() });

/** `POST /api/cards/{id}/report`: what the card answered the helper after an activation or update. */
export const cardReportBodySchema = z.object({
  firmwareVersion: z.string().regex(/^\d{1,3}(?:\.\d{1,3}){1,3}$/, 'The firmware version is not valid'),
  products: z.array(productIdSchema).max(100, 'At most 100 products'),
});
export type CardReportBody = z.input<typeof cardReportBodySchema>;

export const userCrdSessionSchema = z.object({
  id: z.string(),
  machine: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
});

export const userCrdSchema = z.object({
  id: z.string(),
  login: z.string(),
  card: z.string().nullable(),
  cardSerial: z.string().nullable(),
  loginAt: z.string().nullable(),
  createdAt: z.string(),
  activeSessions: z.number().int(),
});
export type UserCrd = z.infer<typeof userCrdSchema>;

export const userCrdDetailSchema = userCrdSchema.extend({ sessions: z.array(userCrdSessionSchema) });
export type UserCrdDetail = z.infer<typeof userCrdDetailSchema>;

export const userCrdsQuerySchema = pagingQuerySchema.extend({
  card: z.string().max(64).optional(),
  'order[loginAt]': sortDirectionSchema.default('desc'),
});

export const userCrdLogEventSchema = z.enum([
  'login',
  'login-failed',
  'password-changed',
  'sessions-finished',
  'card-unlinked',
]);

export const userCrdLogSchema = z.object({
  id: z.string(),
  userCrd: z.string(),
  login: z.string(),
  at: z.string(),
  event: userCrdLogEventSchema,
  ip: z.string(),
  machine: z.string(),
});
export type UserCrdLog = z.infer<typeof userCrdLogSchema>;

/** Lists that may be narrowed to one credential. */
export const byUserCrdQuerySchema = pagingQuerySchema.extend({ userCrd: z.string().max(64).optional() });

/** `POST /api/user-crds/{id}/change-password`: the new password, shown this once. */
export const changeCrdPasswordResponseSchema = z.object({ message: z.string(), password: z.string() });

export const finishSessionsResponseSchema = z.object({ message: z.string(), finished: z.number().int() });

export const unlinkCardBodySchema = z.object({
  userCrd: z.string().min(1, 'The credential is required').max(64),
});

export const creditSubscriptionSchema = z.object({
  id: z.string(),
  kind: z.enum(['pack', 'subscription']),
  product: z.string().nullable(),
  productName: z.string().nullable(),
  amount: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
});

/** The page of credit packs plus the balance left across every pack still valid. */
export const creditSubscriptionsSchema = z.object({
  member: z.array(creditSubscriptionSchema),
  totalItems: z.number().int(),
  remainingCredits: z.number().int(),
});

export const tokenEventSchema = z.object({
  id: z.string(),
  userCrd: z.string(),
  login: z.string(),
  event: z.enum(['issued', 'refreshed', 'revoked']),
  machine: z.string(),
  at: z.string(),
});

export const tokenFingerprintSchema = z.object({
  id: z.string(),
  userCrd: z.string(),
  login: z.string(),
  fingerprint: z.string(),
  machine: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});

export const thirdPartyTokenSchema = z.object({
  id: z.string(),
  userCrd: z.string(),
  name: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});

export const thirdPartyTokensQuerySchema = pagingQuerySchema.extend({
  userCrd: z.string().min(1, 'The credential is required').max(64),
});

export const createThirdPartyTokenBodySchema = z.object({
  userCrd: z.string().min(1, 'The credential is required').max(64),
  name: z
    .string()
    .trim()
    .min(1, 'The software name is required')
    .max(100, 'The software name must be at most 100 characters'),
});

/** The secret is in the answer of the POST only. */
export const createdThirdPartyTokenSchema = thirdPartyTokenSchema.extend({ token: z.string() });

export const thirdPartyTokenPatchSchema = z.strictObject({ active: z.boolean().optional() });
