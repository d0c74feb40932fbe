import { MAX_MESSAGE_LENGTH } from '@benchside/contracts/conversations';
import { addThread } from '@benchside/server/conversations/conversations';
import { NotFoundError } from '@benchside/server/errors';
import { type AdminCommand, AdminUsageError, requireOption } from '../command.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `reply --conversation ID --message M`: support answers; the conversation turns unread for its user. */
export const command: AdminCommand = {
  usage: 'reply --conversation ID --message M',
  options: { conversation: { type: 'string' }, message: { type: 'string' } },
  async run({ db, print }, args) {
    const conversationId = requireOption(args, 'conversation').trim();
    const message = requireOption(args, 'message').trim();
    if (!UUID.test(conversationId)) throw new AdminUsageError('--conversation must be a conversation id');
    if ([...message].length > MAX_MESSAGE_LENGTH) {
      throw new AdminUsageError(`--message is longer than ${MAX_MESSAGE_LENGTH} characters`);
    }
    try {
      const thread = await addThread(db, conversationId, null, 'support', {
        body: message,
        attachmentIds: [],
        attachmentsField: 'attachments',
      });
      print(`Reply ${thread.id} added to conversation ${conversationId}; it is unread for its user.`);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`No conversation ${conversationId}`);
      throw error;
    }
  },
};
