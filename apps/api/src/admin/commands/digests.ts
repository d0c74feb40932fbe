import { runWatchDigests } from '../../watches/digest-job.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

/**
 * `digests run`: one run of the watch list's daily digest job now (yesterday's packages, UTC), as
 * every API node does on its interval. Safe beside running nodes: it takes the same lock, and each
 * user's day is mailed once, ever.
 */
export const command: AdminCommand = {
  usage: 'digests run',
  options: {},
  async run({ db, print }, args) {
    if (args.positionals[0] !== 'run') throw new AdminUsageError('Say run');
    const sent = await runWatchDigests(db);
    print(`${sent} watch list digests sent`);
  },
};
