import { MAX_MESSAGE_LENGTH } from '@benchside/contracts/conversations';
import {
  MAX_TICKET_SUBJECT_LENGTH,
  type SubmitTicketBody,
  submitTicketResponseSchema,
} from '@benchside/contracts/support-tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supportHttp } from './support-client.ts';

// The form's rules follow the contract's limits (packages/contracts/src/support-tickets.ts);
// its messages are translation keys.
export const ticketFormSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'support.ticket.errors.subjectRequired')
    .max(MAX_TICKET_SUBJECT_LENGTH, 'support.ticket.errors.subjectTooLong'),
  category: z.string().min(1, 'support.ticket.errors.categoryRequired'),
  description: z
    .string()
    .trim()
    .min(1, 'support.ticket.errors.descriptionRequired')
    .max(MAX_MESSAGE_LENGTH, 'support.ticket.errors.descriptionTooLong'),
  deviceModel: z.string().trim().max(100, 'support.ticket.errors.deviceModelTooLong'),
});
export type TicketFormValues = z.infer<typeof ticketFormSchema>;

/** `POST /eup/submit-ticket` → 201 with the conversation the user then sees in the portal. */
export async function submitTicket(body: SubmitTicketBody) {
  return submitTicketResponseSchema.parse(await supportHttp.post('/eup/submit-ticket', body));
}

export function useSubmitTicket() {
  return useMutation({ mutationFn: submitTicket });
}
