import { runExpiryReminders } from '../../expiry/reminder-job.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

/**
 * `reminders run`: one run of the expiry reminder job now, as every API node does on its interval.
 * Safe beside running nodes: it takes the same lock, and each reminder is sent once, ever.
 */
export const command: AdminCommand = {
  usage: 'reminders run',
  options: {},
  async run({ db, print }, args) {
    if (args.positionals[0] !== 'run') throw new AdminUsageError('Say run');
    const sent = await runExpiryReminders(db);
    print(`${sent} expiry reminders sent`);
  },
};
