import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supportRequest } from './support-client.ts';

// The contract of `POST /eup/submit-ticket` as agreed with the tickets endpoints; kept here until
// packages/contracts/src/support-tickets.ts (theirs) is merged. Messages are translation keys.
export const ticketFormSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'support.ticket.errors.subjectRequired')
    .max(200, 'support.ticket.errors.subjectTooLong'),
  category: z.string().min(1, 'support.ticket.errors.categoryRequired'),
  description: z
    .string()
    .trim()
    .min(1, 'support.ticket.errors.descriptionRequired')
    .max(10_000, 'support.ticket.errors.descriptionTooLong'),
  deviceModel: z.string().trim().max(100, 'support.ticket.errors.deviceModelTooLong'),
});
export type TicketFormValues = z.infer<typeof ticketFormSchema>;

export interface SubmitTicketBody {
  subject: string;
  category: string;
  description: string;
  fileIds: string[];
  deviceModel?: string;
}

const submittedTicketSchema = z.object({ conversationId: z.string() });

/** `POST /eup/submit-ticket` → 201 with the conversation the user then sees in the portal. */
export async function submitTicket(body: SubmitTicketBody) {
  return submittedTicketSchema.parse(await supportRequest('POST', '/eup/submit-ticket', { body }));
}

export function useSubmitTicket() {
  return useMutation({ mutationFn: submitTicket });
}
