import { z } from 'zod';
import { pagingQuerySchema } from './common.ts';

/**
 * Watch lists (issue 19 item 5): "tell me when something new comes out for this model / this
 * tool". A model is the firmware catalogue's brand and model, a tool its soft; names match in any case.
 */

export const WATCH_KINDS = ['model', 'tool'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** Far beyond what one bench follows, so one account cannot fill the table. */
export const MAX_WATCHES_PER_USER = 200;
export const MAX_WATCH_NAME_LENGTH = 100;

/** As `publish` accepts a brand, model or soft: 1..100 characters, no "/" and no control characters. */
const watchedName = (message: string) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(MAX_WATCH_NAME_LENGTH, message)
    .refine((text) => !text.includes('/') && !/\p{Cc}/u.test(text), message);

/**
 * What is watched: a model (`kind=model`, its brand and name) or a tool (`kind=tool`, its name).
 * `PUT /api/watches` takes it as its body, `GET /api/watches/match` as its query.
 */
export const watchTargetSchema = z
  .object({
    kind: z.enum(WATCH_KINDS, 'Kind must be model or tool'),
    brand: watchedName('The brand must be 1 to 100 characters without "/"').optional(),
    name: watchedName('The name must be 1 to 100 characters without "/"'),
  })
  .strict()
  .refine((target) => (target.kind === 'model') === (target.brand !== undefined), {
    message: 'A model needs its brand, a tool has none',
    path: ['brand'],
  });
export type WatchTarget = z.infer<typeof watchTargetSchema>;

export const watchIdParamsSchema = z.object({ id: z.uuid('Not a watch id') });

export const watchesQuerySchema = pagingQuerySchema;

/** The newest package `publish` added for a watch since it began. */
export const watchedPackageSchema = z.object({
  name: z.string(),
  version: z.string().nullable(),
  publishedAt: z.iso.datetime(),
});

export const watchSchema = z.object({
  id: z.string(),
  kind: z.enum(WATCH_KINDS),
  /** Models only. */
  brand: z.string().nullable(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastPackage: watchedPackageSchema.nullable(),
});
export type Watch = z.infer<typeof watchSchema>;

/** `GET /api/watches/match`: the user's watch of that model or tool, or null (the button's state). */
export const watchMatchSchema = z.object({ watch: watchSchema.nullable() });

/** The portal page of what is watched: a model's firmwares, or the tools page. */
export function watchTargetLink(target: { kind: WatchKind; brand?: string | null; name: string }): string {
  return target.kind === 'model'
    ? `/firmwares?${new URLSearchParams({ brand: target.brand ?? '', model: target.name })}`
    : '/tools';
}
