import { MAX_NOTIFICATION_MESSAGE_LENGTH } from '@benchside/contracts/notifications';
import { findUserByLogin } from '../../auth/user-lookup.ts';
import { sendNotification } from '../../notifications/store.ts';
import { type AdminCommand, AdminUsageError, requireOption } from '../command.ts';

/**
 * `npm run admin -- notify --user U|--all --message M`: stores a notification for one user (by
 * username or e-mail) or for every user. `--all` is one INSERT … SELECT over the users table, so a
 * large base costs one statement, not one per user, and readers are never blocked by it.
 */
export const command: AdminCommand = {
  usage: 'notify --user U|--all --message M',
  options: {
    user: { type: 'string' },
    all: { type: 'boolean' },
    message: { type: 'string' },
  },
  async run({ db, print }, args) {
    const message = requireOption(args, 'message').trim();
    if (message.length > MAX_NOTIFICATION_MESSAGE_LENGTH) {
      throw new AdminUsageError(`--message is longer than ${MAX_NOTIFICATION_MESSAGE_LENGTH} characters`);
    }
    const login = args.values.user;
    const all = args.values.all === true;
    if (all === (typeof login === 'string')) throw new AdminUsageError('Give either --user U or --all');
    if (all) {
      const { notificationId, recipients } = await sendNotification(db, message, 'all');
      print(`Notification ${notificationId} stored for ${recipients} users`);
      return;
    }
    const user = await findUserByLogin(db, String(login));
    if (!user) throw new AdminUsageError(`No user with the username or e-mail ${String(login)}`);
    const { notificationId } = await sendNotification(db, message, { userIds: [user.id] });
    print(`Notification ${notificationId} stored for ${user.username}`);
  },
};
