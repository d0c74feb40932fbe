import { PublishError, unpublishPackage } from '../../catalogue/publish.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

export const command: AdminCommand = {
  usage: 'unpublish <name|id>',
  options: {},
  async run({ db, storage, print }, { positionals }) {
    const [target, ...extra] = positionals;
    if (target === undefined || extra.length > 0)
      throw new AdminUsageError('Give the name or id of one package');
    try {
      const removed = await unpublishPackage(db, storage, target);
      print(`Unpublished ${removed.name} (id ${removed.id})`);
    } catch (error) {
      if (error instanceof PublishError) throw new AdminUsageError(error.message);
      throw error;
    }
  },
};
