import { z } from 'zod';
import { pagingQuerySchema } from './common.ts';

/**
 * The customer book (issue 19 item 8): spec §3's customers template (status Active or Suspended,
 * type business or individual) made real for a repair shop. The web app's form and the API validate
 * with these same schemas, so a message the user reads is the message the server would answer.
 */

export const CUSTOMER_STATUSES = ['active', 'suspended'] as const;
export const CUSTOMER_TYPES = ['business', 'individual'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Customers one bulk call may name: a full page of the largest page size. */
export const MAX_BULK_CUSTOMER_IDS = 100;
/** So one account cannot fill the database; far beyond what a repair shop keeps. */
export const MAX_CUSTOMERS_PER_USER = 100_000;
export const MAX_CUSTOMER_SEARCH_LENGTH = 100;

export const customerStatusSchema = z.enum(CUSTOMER_STATUSES, 'Status must be active or suspended');
export const customerTypeSchema = z.enum(CUSTOMER_TYPES, 'Type must be business or individual');

const emailFormat = z.email();
const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

/** `POST /api/customers` and `PUT /api/customers/{id}`: the whole customer, as the form edits it. */
export const customerBodySchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Maximum 100 symbols'),
    type: customerTypeSchema,
    company: optionalText(100, 'Maximum 100 symbols').default(''),
    // Walk-in customers often leave no address; one that is given must be one.
    email: optionalText(50, 'Maximum 50 symbols')
      .refine((email) => email === '' || emailFormat.safeParse(email).success, 'Wrong email format')
      .default(''),
    phone: optionalText(30, 'Maximum 30 symbols')
      .regex(/^[+\d\s()-]*$/, 'Phone is not valid')
      .default(''),
    status: customerStatusSchema.default('active'),
    notes: optionalText(2000, 'Maximum 2000 symbols').default(''),
  })
  .strict()
  .refine((customer) => customer.type === 'individual' || customer.company !== '', {
    message: 'Company is required for a business',
    path: ['company'],
  });
export type CustomerBody = z.infer<typeof customerBodySchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: customerTypeSchema,
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  status: customerStatusSchema,
  notes: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Customer = z.infer<typeof customerSchema>;

/** `GET /api/customers?page&itemsPerPage&search`: newest first; `search` matches name, company, e-mail or phone. */
export const customersQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(MAX_CUSTOMER_SEARCH_LENGTH, 'Maximum 100 symbols').default(''),
});

export const customerIdParamsSchema = z.object({ id: z.string().max(64) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const customerIdsSchema = z
  .array(z.string().regex(UUID, 'Each id must be a customer id'), 'ids must be a list of customer ids')
  .min(1, 'Choose at least one customer')
  .max(MAX_BULK_CUSTOMER_IDS, `At most ${MAX_BULK_CUSTOMER_IDS} customers at a time`);

/** `POST /api/customers/bulk-status`: ids that are not yours change nothing. */
export const customerBulkStatusBodySchema = z
  .object({ ids: customerIdsSchema, status: customerStatusSchema })
  .strict();

/** `POST /api/customers/bulk-delete`: ids that are not yours change nothing. */
export const customerBulkDeleteBodySchema = z.object({ ids: customerIdsSchema }).strict();

/** What a bulk call did: how many of the user's customers it changed. */
export const customerBulkResultSchema = z.object({ count: z.number().int().min(0) });
