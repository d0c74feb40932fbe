import { resignPackageManifests } from '../../catalogue/resign.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

export const command: AdminCommand = {
  usage: 'resign',
  options: {},
  async run({ config, db, storage, print }, { positionals }) {
    if (positionals.length > 0) throw new AdminUsageError('resign takes no arguments');
    const { resigned, total } = await resignPackageManifests(db, storage, config);
    print(`Re-signed ${resigned} of ${total} package manifests with the current signing key`);
  },
};
