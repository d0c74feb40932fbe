// Run by download-state.test.ts and killed at a random moment: changes the download list nonstop.
import { DownloadManager } from '../../src/downloads/download-manager.ts';
import { loopbackWebSeedsOnly, torrentWithPaths } from './fixtures.ts';

const [stateDir = '', downloadFolder = ''] = process.argv.slice(2);
const manager = await DownloadManager.open({
  stateDir,
  downloadFolder: () => downloadFolder,
  webSeedAllowed: loopbackWebSeedsOnly,
});
for (let round = 0; ; round++) {
  const { hash } = await manager.add({
    torrent: torrentWithPaths(`package-${process.pid}-${round}`, [['tool.bin']]),
    soft: `Tool ${round}`,
    path: `tool-${round % 3}`,
  });
  await manager.stop(hash);
  await manager.start(hash);
  if (round % 2 === 0) await manager.remove(hash);
  // From here on the saved list always holds a download (odd rounds keep theirs), so a kill at any
  // later moment must leave a non-empty list, however slowly a busy machine got this far.
  if (round === 1) process.stdout.write('ready\n');
}
