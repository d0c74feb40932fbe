import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { HELPER_PROTOCOL } from '@benchside/contracts/helper';
import { writeFileAtomically } from '../atomic-json.ts';

export const DESKTOP_FILE_NAME = 'benchside-helper.desktop';
const MIME_TYPE = `x-scheme-handler/${HELPER_PROTOCOL}`;

export type ProtocolRegistration = {
  desktopFile: string;
  /** What became of `xdg-mime default`, for the person who ran the command. */
  outcome: 'registered' | 'xdg-mime-missing' | 'xdg-mime-failed';
  lines: string[];
};

/**
 * Makes `benchside-helper://` links start this helper on a Linux desktop: a hidden .desktop entry
 * for the scheme in `$XDG_DATA_HOME/applications`, made the default handler with `xdg-mime`.
 */
export async function registerProtocol(options: {
  /** The program and arguments that start the helper, before the link itself. */
  command: readonly string[];
  env: NodeJS.ProcessEnv;
}): Promise<ProtocolRegistration> {
  const folder = join(dataHome(options.env), 'applications');
  await mkdir(folder, { recursive: true });
  const desktopFile = join(folder, DESKTOP_FILE_NAME);
  await writeFileAtomically(desktopFile, desktopEntry(options.command));
  const lines = [`Wrote ${desktopFile}`];
  const result = await run('xdg-mime', ['default', DESKTOP_FILE_NAME, MIME_TYPE], options.env);
  if (result === 'missing') {
    lines.push(
      `xdg-mime was not found (install xdg-utils), so ${HELPER_PROTOCOL}:// links are not linked to the helper yet;`,
      `run: xdg-mime default ${DESKTOP_FILE_NAME} ${MIME_TYPE}`,
    );
    return { desktopFile, outcome: 'xdg-mime-missing', lines };
  }
  if (result !== 0) {
    lines.push(`xdg-mime default ${DESKTOP_FILE_NAME} ${MIME_TYPE} failed (exit code ${result})`);
    return { desktopFile, outcome: 'xdg-mime-failed', lines };
  }
  lines.push(`${HELPER_PROTOCOL}:// links now open the Benchside helper`);
  return { desktopFile, outcome: 'registered', lines };
}

function dataHome(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  return xdg && isAbsolute(xdg) ? xdg : join(env.HOME?.trim() || homedir(), '.local', 'share');
}

export function desktopEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Benchside Helper',
    'Comment=Downloads, installs and runs Benchside tools and talks to card readers for the Benchside portal',
    `Exec=${[...command.map(quoteExecArgument), '%u'].join(' ')}`,
    'Terminal=false',
    'NoDisplay=true',
    `MimeType=${MIME_TYPE};`,
    '',
  ].join('\n');
}

/** The desktop entry specification's quoting: reserved characters need double quotes, `%` doubles. */
function quoteExecArgument(argument: string): string {
  const escaped = argument.replace(/%/g, '%%');
  if (!/[\s"'\\><~|&;$*?#()`]/.test(escaped)) return escaped;
  return `"${escaped.replace(/(["`$\\])/g, '\\$1')}"`;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | 'missing'> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: 'ignore', shell: false });
    child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' ? 'missing' : 1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
