import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Browser tests use Debian's Chromium, never a downloaded browser (DESIGN §5). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasAptGet(): boolean {
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** What `path --version` prints (Debian's Chromium: "Chromium 150.0.7871.100 built on …"), if it runs. */
export function chromiumVersion(path: string): string | undefined {
  return spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim() || undefined;
}

/**
 * Makes sure Chromium is where the Playwright config looks. Installs it with apt when running as root,
 * otherwise explains the one command to run. Returns false when the browser is still missing.
 */
export function ensureChromium(log: (line: string) => void = console.log): boolean {
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  if (isExecutable(path)) {
    const version = chromiumVersion(path);
    log(`Chromium found at ${path}${version ? ` (${version})` : ''}`);
    return true;
  }
  if (path !== DEFAULT_CHROMIUM_PATH) {
    log(`CHROMIUM_PATH points at ${path}, which is not an executable file.`);
    return false;
  }
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !hasAptGet()) {
    log(`Chromium is missing at ${path}. Install Debian's package with:\n  sudo sh -c '${INSTALL_COMMAND}'`);
    return false;
  }
  log(`Chromium is missing at ${path}; installing Debian's package: ${INSTALL_COMMAND}`);
  const install = spawnSync('sh', ['-c', INSTALL_COMMAND], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0 || !isExecutable(path)) {
    log(`Installing Chromium failed (exit ${install.status}). Run by hand: ${INSTALL_COMMAND}`);
    return false;
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureChromium() ? 0 : 1);
}
