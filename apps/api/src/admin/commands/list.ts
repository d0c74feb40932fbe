import { listPackages } from '../../catalogue/publish.ts';
import type { AdminCommand } from '../command.ts';

export const command: AdminCommand = {
  usage: 'list',
  options: {},
  async run({ db, print }) {
    const packages = await listPackages(db);
    if (packages.length === 0) {
      print('Nothing is published.');
      return;
    }
    for (const item of packages) {
      const labels = [item.brand, item.model, item.soft, item.version]
        .filter((text) => text !== null)
        .join(' / ');
      const firmware = [
        item.region,
        item.android === null ? null : `Android ${item.android}`,
        item.securityPatch === null ? null : `patch ${item.securityPatch}`,
        item.bootloader === null ? null : `bootloader ${item.bootloader}`,
        item.releaseDate === null ? null : `released ${item.releaseDate}`,
      ]
        .filter((text) => text !== null)
        .join(', ');
      print(
        [
          String(item.id).padStart(5),
          item.kind.padEnd(8),
          item.name,
          labels ? `(${labels})` : '',
          firmware ? `[${firmware}]` : '',
          `${item.size} bytes`,
          item.restricted ? 'restricted' : '',
          item.infoHash,
        ]
          .filter((part) => part !== '')
          .join('  '),
      );
    }
  },
};
