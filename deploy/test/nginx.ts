import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Child, startChild, waitUntil } from '../../bench/processes.ts';

const run = promisify(execFile);

/** Debian's packages the reference site needs: nginx and its brotli filter module. */
const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-filter'];
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** Installs Debian's nginx and brotli module when missing (as root), else names the command. */
export async function ensureNginx(): Promise<void> {
  const present = async () => {
    try {
      await run('nginx', ['-v']);
      return existsSync(BROTLI_MODULE);
    } catch {
      return false;
    }
  };
  if (await present()) return;
  const command = `apt-get install -y ${NGINX_PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0) throw new Error(`nginx with brotli is missing: run \`sudo ${command}\``);
  await run('apt-get', ['update'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  await run('apt-get', ['install', '-y', ...NGINX_PACKAGES], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!(await present())) throw new Error(`${command} did not install nginx with brotli`);
}

/** A throw-away self-signed certificate for 127.0.0.1, made by Debian's openssl. */
export async function selfSignedCertificate(folder: string): Promise<{ cert: string; key: string }> {
  const cert = join(folder, 'portal.crt');
  const key = join(folder, 'portal.key');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

/**
 * The shipped site with this machine's values put in the lines an operator edits. Each of those
 * lines must still be found, so a change to the site's shape fails here instead of going untested.
 */
function siteForThisMachine(site: string, edits: Array<[from: string | RegExp, to: string]>): string {
  let result = site
    .split('\n')
    // IPv6 may be off on a CI machine; the IPv4 lines stand for both.
    .filter((line) => !line.includes('listen [::]'))
    .join('\n');
  for (const [from, to] of edits) {
    const matches =
      typeof from === 'string' ? result.split(from).length - 1 : (result.match(from) ?? []).length;
    if (matches === 0) throw new Error(`deploy/nginx/benchside.conf no longer has ${String(from)}`);
    result = typeof from === 'string' ? result.replaceAll(from, to) : result.replace(from, to);
  }
  return result;
}

/** Where the reference site listens and what it proxies to, on this machine. */
export interface SitePorts {
  /** The two API nodes of the `benchside_api` pool (the same port twice puts one node behind it). */
  api: [number, number];
  support: number;
  http: number;
  portal: number;
  supportPort: number;
}

/** deploy/nginx/benchside.conf for 127.0.0.1: these ports, this certificate, the web build of `root`. */
export async function referenceSite(
  root: string,
  ports: SitePorts,
  certificate: { cert: string; key: string },
): Promise<string> {
  return siteForThisMachine(await readFile(join(root, 'deploy/nginx/benchside.conf'), 'utf8'), [
    ['server 127.0.0.1:8080 ', `server 127.0.0.1:${ports.api[0]} `],
    ['server 127.0.0.1:8082 ', `server 127.0.0.1:${ports.api[1]} `],
    ['server 127.0.0.1:8081 ', `server 127.0.0.1:${ports.support} `],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.portal} ssl http2;`],
    ['listen 8443 ssl http2;', `listen 127.0.0.1:${ports.supportPort} ssl http2;`],
    ['server_name portal.example.com;', 'server_name 127.0.0.1;'],
    ['/etc/ssl/benchside/portal.crt', certificate.cert],
    ['/etc/ssl/benchside/portal.key', certificate.key],
    ['root /opt/benchside/apps/web/dist;', `root ${join(root, 'apps/web/dist')};`],
  ]);
}

export interface RunningNginx {
  child: Child;
  stop(): Promise<void>;
}

/** nginx in the foreground with a main configuration of its own around the site (nothing under /etc changes). */
export async function startNginx(folder: string, site: string): Promise<RunningNginx> {
  await mkdir(folder, { recursive: true });
  const sitePath = join(folder, 'benchside.conf');
  await writeFile(sitePath, site);
  const main = [
    // Workers as root only because this throw-away folder is root's; a server runs them as www-data.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 2;',
    `pid ${join(folder, 'nginx.pid')};`,
    `error_log ${join(folder, 'error.log')} warn;`,
    `load_module ${BROTLI_MODULE};`,
    'events { worker_connections 2048; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${join(folder, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(folder, `${kind}-temp`)};`,
    ),
    `  include ${sitePath};`,
    '}',
  ].join('\n');
  const mainPath = join(folder, 'nginx.conf');
  await writeFile(mainPath, main);
  await run('nginx', ['-t', '-q', '-c', mainPath, '-p', folder]).catch(
    async (error: Error & { stderr?: string }) => {
      throw new Error(`nginx -t refused the site: ${error.stderr ?? error.message}`);
    },
  );
  const child = startChild('nginx', ['-c', mainPath, '-p', folder, '-g', 'daemon off;'], process.env, folder);
  await waitUntil(async () => existsSync(join(folder, 'nginx.pid')), 'nginx to start', 10_000);
  return {
    child,
    async stop() {
      await child.stop();
    },
  };
}

export async function nginxErrors(folder: string): Promise<string> {
  return readFile(join(folder, 'error.log'), 'utf8').catch(() => '');
}
