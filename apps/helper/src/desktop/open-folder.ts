import { BadGatewayError, ConflictError } from '@benchside/server/errors';
import { describeSpawnError, spawnDetached } from './spawn-detached.ts';

const BROWSE_ERROR = 'File browse error';

/** Shows `folder` in the desktop's file manager (xdg-open, open or explorer). */
export async function openFolder(folder: string, env: NodeJS.ProcessEnv): Promise<void> {
  const opener = openerFor(process.platform);
  // Without a display server xdg-open would fall back to a terminal browser nobody sees.
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    throw new ConflictError(
      `${BROWSE_ERROR}: this computer has no desktop session to show the folder in (neither DISPLAY nor WAYLAND_DISPLAY is set)`,
    );
  }
  try {
    await spawnDetached(opener, [folder], { env });
  } catch (error) {
    throw new BadGatewayError(`${BROWSE_ERROR}: ${describeSpawnError(error, opener)}`);
  }
}

function openerFor(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return 'explorer';
  return 'xdg-open';
}
