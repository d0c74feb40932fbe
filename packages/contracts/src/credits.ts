/**
 * The credits ledger: every credit movement of the signed-in user with the balance after it, its
 * filters, the balance over time, and a refund request for a failed use.
 */
import { z } from 'zod';
import { pagingQuerySchema } from './common.ts';

export const creditMovementKindSchema = z.enum(['grant', 'use', 'refund', 'expiry']);
export type CreditMovementKind = z.infer<typeof creditMovementKindSchema>;

export const creditUseResultSchema = z.enum(['succeeded', 'failed']);
export type CreditUseResult = z.infer<typeof creditUseResultSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD`, read in UTC; a day that does not exist (2026-02-30) is refused. */
export const ledgerDaySchema = z
  .string()
  .regex(DAY, 'Use a date like 2026-01-31')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'This date does not exist');

/** What the list and the CSV export filter by: the user's card, a product, a kind, a customer, a date range. */
const ledgerFilterFields = {
  card: z.string().regex(UUID, 'Not a card id').optional(),
  customer: z.string().regex(UUID, 'Not a customer id').optional(),
  product: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Not a product id')
    .optional(),
  kind: creditMovementKindSchema.optional(),
  from: ledgerDaySchema.optional(),
  to: ledgerDaySchema.optional(),
};

/** From and to are both days included; from after to is refused. */
function fromNotAfterTo(range: { from?: string | undefined; to?: string | undefined }) {
  return !range.from || !range.to || range.from <= range.to;
}
const FROM_AFTER_TO = { message: 'The start date must not be after the end date', path: ['from'] };

export const ledgerRangeSchema = z
  .object({ from: ledgerFilterFields.from, to: ledgerFilterFields.to })
  .refine(fromNotAfterTo, FROM_AFTER_TO);

export const ledgerFilterSchema = z.object(ledgerFilterFields).refine(fromNotAfterTo, FROM_AFTER_TO);
export type LedgerFilter = z.infer<typeof ledgerFilterSchema>;

export const ledgerQuerySchema = pagingQuerySchema
  .extend(ledgerFilterFields)
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: creditMovementKindSchema,
  /** Signed: grants and refunds add, uses and expiries take away. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  card: z.object({ id: z.string(), serial: z.string() }).nullable(),
  credential: z.object({ id: z.string(), login: z.string() }).nullable(),
  product: z.object({ id: z.string(), name: z.string() }).nullable(),
  function: z.string().nullable(),
  deviceModel: z.string().nullable(),
  result: creditUseResultSchema.nullable(),
  /** A refund's use. */
  refundOf: z.string().nullable(),
  /** Whether a refund row for this use exists. */
  refunded: z.boolean(),
  /** The support conversation of this use's refund request, once asked. */
  refundConversationId: z.string().nullable(),
  /** The technician's own customer a use was for. */
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The customer's device the use was for, as the technician typed it. */
  customerDevice: z.string().nullable(),
  /** An expiry's pack end. */
  packEndedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const MAX_CUSTOMER_DEVICE_LENGTH = 100;

/** One line of free text, e.g. "Galaxy A52 · IMEI 356789012345678"; empty for none. */
export const customerDeviceSchema = z
  .string()
  .trim()
  .max(MAX_CUSTOMER_DEVICE_LENGTH, 'Maximum 100 symbols')
  .refine((device) => ![...device].some((character) => character < ' ' || character === '\u007f'), {
    message: 'The device must be one line of text',
  });

/** `PUT /api/credit-ledger/{id}/customer`: the use was for one of your customers' devices. */
export const ledgerCustomerBodySchema = z
  .object({
    customerId: z.string('Choose a customer').regex(UUID, 'Choose a customer'),
    device: customerDeviceSchema.default(''),
  })
  .strict();
export type LedgerCustomerBody = z.infer<typeof ledgerCustomerBodySchema>;

export const ledgerPageSchema = z.object({
  member: z.array(ledgerEntrySchema),
  totalItems: z.number().int().min(0),
  /** The balance after the user's newest movement, whatever the filters. */
  balance: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** At most this many points in a chart: a longer range takes several days a step. */
export const MAX_BALANCE_POINTS = 400;

export const balanceHistorySchema = z.object({
  /** Days per point. */
  stepDays: z.number().int().min(1),
  points: z.array(z.object({ day: z.string(), balance: z.number().int() })).max(MAX_BALANCE_POINTS),
});
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

export const refundRequestSchema = z.object({ conversationId: z.string() });
