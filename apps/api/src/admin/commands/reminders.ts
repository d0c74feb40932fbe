import { runCreditPackExpiries } from '../../expiry/credit-pack-expiry.ts';
import { runExpiryReminders } from '../../expiry/reminder-job.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

/**
 * `reminders run`: one run of the expiry jobs now, as every API node does on its interval: the
 * credits of packs that ended leave the ledger's balance, then the reminders go out. Safe beside
 * running nodes: it takes the same locks, each pack end expires once and each reminder is sent once.
 */
export const command: AdminCommand = {
  usage: 'reminders run',
  options: {},
  async run({ db, print }, args) {
    if (args.positionals[0] !== 'run') throw new AdminUsageError('Say run');
    print(`${await runCreditPackExpiries(db)} credit packs expired`);
    print(`${await runExpiryReminders(db)} expiry reminders sent`);
  },
};
