/**
 * The customers template's messages (spec §8), word for word in English; they are keys of the
 * `messages` catalogue, shown through translateMessage. The spec names the plural confirmation
 * without its words; ours follows the singular's.
 */
export const CUSTOMER_MESSAGES = {
  confirmDeleteOne: 'Are you sure to permanently delete this customer?',
  confirmDeleteSelected: 'Are you sure to permanently delete selected customers?',
  deleting: 'Customer is deleting...',
  deleted: 'Customer has been deleted',
  selectedDeleted: 'Selected customers have been deleted',
  statusUpdated: 'Selected customers status have successfully been updated',
  updated: 'Customer has been updated',
  created: 'Customer has been created',
} as const;

/** The fallback of a failed call whose answer has no message of its own (spec §8). */
export const CUSTOMER_CALL_FAILED = 'Something went wrong, please try again later.';
