import { z } from 'zod';

/** One broken rule of a request, pointing at the field it concerns. */
export const violationSchema = z.object({
  propertyPath: z.string(),
  message: z.string(),
});

/** Every error the APIs answer has this shape (DESIGN §3). */
export const errorBodySchema = z.object({
  message: z.string(),
  violations: z.array(violationSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const MAX_ITEMS_PER_PAGE = 100;

/** `page` from 1, `itemsPerPage` bounded to 1..100, as query strings. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).default(30),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export const sortDirectionSchema = z.enum(['asc', 'desc']);

/** A hydra-style collection: the page's members and the total across all pages. */
export function collectionSchema<T extends z.ZodType>(member: T) {
  return z.object({ member: z.array(member), totalItems: z.number().int().min(0) });
}
export type Collection<T> = { member: T[]; totalItems: number };
