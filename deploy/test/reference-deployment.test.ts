import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect as connectHttp2 } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MailCatcher } from '@benchside/server/mail/catcher';
import { type S3TestServer, startS3TestServer } from '@benchside/server/storage/s3-test-server';
import { Agent, FormData, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, freePort, startChild, waitUntil } from '../../bench/processes.ts';
import {
  ensureNginx,
  nginxErrors,
  type RunningNginx,
  referenceSite,
  selfSignedCertificate,
  startNginx,
} from './nginx.ts';

/**
 * The reference deployment of docs/deploy.md, run on this machine: Debian's nginx with the site in
 * deploy/nginx and a throw-away certificate in front of two API nodes and one support node started
 * as the systemd units in deploy/systemd start them, on one PostgreSQL database (DATABASE_URL, an
 * empty one: .ci/run makes it) and one S3 bucket (s3rver). Everything is reached through https.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
const POLLERS = 200;
const POLL_SECONDS = 20;

/** The command and settings a systemd unit of deploy/systemd runs (its ExecStart and Environment lines). */
async function unitCommand(unit: string): Promise<{ argv: string[]; env: Record<string, string> }> {
  const text = await readFile(join(root, 'deploy', 'systemd', unit), 'utf8');
  const exec = /^ExecStart=(.+)$/m.exec(text)?.[1];
  if (!exec) throw new Error(`${unit} has no ExecStart`);
  const env: Record<string, string> = {};
  for (const match of text.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)) env[match[1] ?? ''] = match[2] ?? '';
  return { argv: exec.split(/\s+/), env };
}

describe('the reference deployment (deploy/) behind nginx with TLS', { timeout: 300_000 }, () => {
  let scratch: string;
  let s3: S3TestServer;
  let mail: MailCatcher;
  let nginx: RunningNginx;
  let portal: string;
  let support: string;
  let https: Agent;
  let ca: string;
  const nodes: Child[] = [];
  const apiPorts: number[] = [];
  let nodeEnv: NodeJS.ProcessEnv;
  let helperKey: string;

  /** A node as its systemd unit starts it, `instance` filling in the unit's %i. */
  async function startUnit(unit: string, instance: number): Promise<Child> {
    const { argv, env } = await unitCommand(unit);
    const [command, ...args] = argv;
    if (!command) throw new Error(`${unit}: empty ExecStart`);
    const unitEnv = Object.fromEntries(
      Object.entries(env).map(([key, value]) => [key, value.replaceAll('%i', String(instance))]),
    );
    return startChild(
      command === '/usr/bin/node' ? process.execPath : command,
      args,
      { ...nodeEnv, ...unitEnv },
      root,
    );
  }

  function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
    return fetch(url, { dispatcher: https, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  }

  function postJson(url: string, body: unknown, cookie?: string) {
    return fetch(url, {
      method: 'POST',
      dispatcher: https,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function mailTo(address: string): Promise<string> {
    let text = '';
    await waitUntil(
      async () => {
        text = mail.list().find((message) => message.to.includes(address))?.text ?? '';
        return text !== '';
      },
      `the mail to ${address}`,
      30_000,
    );
    return text;
  }

  /** Registers through the portal, opens the mailed link and signs in: the session cookie. */
  async function registeredAndSignedIn(username: string): Promise<string> {
    const email = `${username}@example.test`;
    const password = 'Deploy#Check2026';
    const registered = await postJson(`${portal}/api/register`, {
      username,
      email,
      plainPassword: password,
      confirmPassword: password,
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);
    const link = /https:\/\/\S+/.exec(await mailTo(email))?.[0];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    expect((await get(`${portal}/api/verify/email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const login = await postJson(`${portal}/api/login`, { username, password });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie();
    expect(setCookie.join('\n')).toMatch(/;\s*Secure/i);
    return setCookie.map((line) => line.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      throw new Error(
        'The deployment test needs DATABASE_URL: an empty PostgreSQL database (.ci/run makes one)',
      );
    }
    if (!existsSync(join(root, 'apps/web/dist/index.html')))
      throw new Error('Build the web app first: npm run build');
    await ensureNginx();
    scratch = await mkdtemp(join(tmpdir(), 'benchside-deploy-'));
    const certificate = await selfSignedCertificate(scratch);
    ca = await readFile(certificate.cert, 'utf8');
    https = new Agent({ connect: { ca }, connections: POLLERS + 20 });
    s3 = await startS3TestServer();
    mail = new MailCatcher();
    const smtpPort = await mail.listen();

    const signingKeyFile = join(scratch, 'package-signing-key.pem');
    const { privateKey } = generateKeyPairSync('ed25519');
    await writeFile(signingKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });

    const [httpPort, portalPort, supportPort, api1, api2, supportNode] = await Promise.all(
      Array.from({ length: 6 }, () => freePort()),
    );
    apiPorts.push(Number(api1), Number(api2));
    portal = `https://127.0.0.1:${portalPort}`;
    support = `https://127.0.0.1:${supportPort}`;
    nodeEnv = {
      PATH: process.env.PATH,
      HOME: scratch,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: portal,
      SUPPORT_URL: support,
      SUPPORT_ENABLED: 'true',
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VENDOR_CARD_MASTER_KEY: randomBytes(32).toString('hex'),
      PACKAGE_SIGNING_KEY: signingKeyFile,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      DATA_DIR: join(scratch, 'unused-data-dir'),
      LOG_LEVEL: 'warn',
      ...s3.env,
      // startS3TestServer set the SDK's credentials and checksum settings in this process.
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
      AWS_REQUEST_CHECKSUM_CALCULATION: process.env.AWS_REQUEST_CHECKSUM_CALCULATION,
      AWS_RESPONSE_CHECKSUM_VALIDATION: process.env.AWS_RESPONSE_CHECKSUM_VALIDATION,
    };

    // Both API nodes start together on the empty database: migrations run once, under a lock.
    nodes.push(await startUnit('benchside-api@.service', Number(api1)));
    nodes.push(await startUnit('benchside-api@.service', Number(api2)));
    nodes.push(await startUnit('benchside-support@.service', Number(supportNode)));
    for (const [index, port] of [api1, api2].entries()) {
      await waitUntil(
        async () => {
          const node = nodes[index];
          if (node && node.process.exitCode !== null)
            throw new Error(`API node ${index + 1} exited:\n${node.output()}`);
          return (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
        },
        `API node ${index + 1} to be ready`,
        120_000,
      );
    }

    const site = await referenceSite(
      root,
      {
        api: [Number(api1), Number(api2)],
        support: Number(supportNode),
        http: Number(httpPort),
        portal: Number(portalPort),
        supportPort: Number(supportPort),
      },
      certificate,
    );
    nginx = await startNginx(join(scratch, 'nginx'), site);
    const { packagePublicKeyText } = await import('@benchside/server/package-signing');
    const { loadPackageSigningKey } = await import('../../apps/api/src/catalogue/signing-key.ts');
    helperKey = packagePublicKeyText(
      await loadPackageSigningKey({
        dataDir: join(scratch, 'unused-data-dir'),
        packageSigningKey: signingKeyFile,
      }),
    );
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await mail?.close();
    await s3?.close();
    await https?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('serves the web app over HTTP/2 with TLS, hashed assets cached for a year and compressed with brotli', async () => {
    const assets = await readdir(join(root, 'apps/web/dist/assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    const session = connectHttp2(portal, { ca });
    try {
      const answer = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        const request = session.request({ ':path': `/assets/${script}`, 'accept-encoding': 'br, gzip' });
        request.on('response', (headers) => {
          resolve(headers);
          request.close();
        });
        request.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(answer[':status']).toBe(200);
      expect(answer['content-encoding']).toBe('br');
      expect(answer['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      session.close();
    }
    const page = await get(`${portal}/auth/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(
      (await fetch(`http://127.0.0.1:${new URL(portal).port}`, { dispatcher: https }).catch(() => null))?.ok,
    ).not.toBe(true);
    expect((await get(`${portal}/metrics`)).status).toBe(404);
  });

  it('registers, verifies through the mailed link (sent by the outbox) and signs in through https', async () => {
    const cookie = await registeredAndSignedIn('deploy_first');
    const me = await get(`${portal}/api/me`, cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'deploy_first' });
    // The support service, its own origin, knows the same session.
    expect((await get(`${support}/api/tickets`, cookie)).status).not.toBe(401);
  });

  it('an attachment uploaded through API node 1 downloads through API node 2 (one bucket)', async () => {
    const cookie = await registeredAndSignedIn('deploy_attach');
    const bytes = Buffer.from('deployment check: one bucket for every node\n'.repeat(100));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'check.txt');
    const uploaded = await fetch(`http://127.0.0.1:${apiPorts[0]}/api/attachments`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const downloaded = await fetch(`http://127.0.0.1:${apiPorts[1]}/api/attachments/${id}/download`, {
      headers: { cookie },
    });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(bytes);
  });

  it('a package published with npm run admin -- publish downloads into the helper from its torrent and web seed', async () => {
    const cookie = await registeredAndSignedIn('deploy_helper');
    const source = join(scratch, 'deploy-check.bin');
    const content = randomBytes(3 * 1024 * 1024 + 123);
    await writeFile(source, content);
    const publish = startChild(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/admin/cli.ts',
        'publish',
        source,
        '--kind',
        'file',
        '--folder',
        'deploy',
      ],
      nodeEnv,
      root,
    );
    await new Promise((resolve) => publish.process.once('exit', resolve));
    expect(publish.process.exitCode, publish.output()).toBe(0);
    const id = /\(id (\d+),/.exec(publish.output())?.[1];
    expect(id).toBeDefined();
    const link = await get(`${portal}/api/file/get-download-link/${id}`, cookie);
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };

    const helperPort = await freePort();
    const helperHome = join(scratch, 'technician');
    await mkdir(join(helperHome, 'Downloads'), { recursive: true });
    const helper = startChild(
      process.execPath,
      ['--import', 'tsx', 'apps/helper/src/main.ts'],
      {
        PATH: process.env.PATH,
        HOME: helperHome,
        NODE_EXTRA_CA_CERTS: join(scratch, 'portal.crt'),
        HELPER_PORTS: String(helperPort),
        HELPER_CONFIG_DIR: join(helperHome, '.benchside'),
        HELPER_ORIGINS: portal,
        HELPER_DOWNLOADS_HOSTS: `${portal}/dl`,
        HELPER_PACKAGE_KEY: helperKey,
        HELPER_READERS: 'simulated',
        VENDOR_CARD_MASTER_KEY: nodeEnv.VENDOR_CARD_MASTER_KEY,
      },
      root,
    );
    try {
      const helperUrl = `http://127.0.0.1:${helperPort}`;
      const call = (path: string, body: unknown) =>
        fetch(`${helperUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: portal },
          body: JSON.stringify(body),
        });
      await waitUntil(async () => (await call('/general/ping', {})).ok, 'the helper', 60_000);
      const added = await call('/downloads/add', { url, soft: 'deploy-check' });
      expect(added.status, await added.clone().text()).toBe(200);
      const { hash } = (await added.json()) as { hash: string };
      let item: { state: string; path: string; name: string } | undefined;
      await waitUntil(
        async () => {
          const list = (await (await call('/downloads/list', {})).json()) as Array<
            typeof item & { hash: string }
          >;
          item = list.find((entry) => entry?.hash === hash);
          if (item?.state === 'error') throw new Error(`The download failed: ${JSON.stringify(item)}`);
          return item?.state === 'done';
        },
        'the download to finish',
        120_000,
      );
      const saved = await readFile(join(item?.path ?? '', item?.name ?? ''));
      expect(createHash('sha256').update(saved).digest('hex')).toBe(
        createHash('sha256').update(content).digest('hex'),
      );
    } finally {
      await helper.stop();
    }
  });

  // The title says POLLERS and POLL_SECONDS in words: docs/security.md cites it.
  it('SIGTERM to API node 1 while 200 signed-in clients poll for 20 s fails no request', async () => {
    // Five accounts, each signed in four times: the pollers share twenty sessions.
    const sessions: string[] = [];
    for (let account = 0; account < 5; account += 1) {
      const first = await registeredAndSignedIn(`deploy_poll_${account}`);
      sessions.push(first);
      for (let again = 0; again < 3; again += 1) {
        const login = await postJson(`${portal}/api/login`, {
          username: `deploy_poll_${account}`,
          password: 'Deploy#Check2026',
        });
        expect(login.status).toBe(200);
        sessions.push(
          login.headers
            .getSetCookie()
            .map((line) => line.split(';')[0])
            .join('; '),
        );
      }
    }
    const failures: string[] = [];
    let answered = 0;
    const stopAt = Date.now() + POLL_SECONDS * 1000;
    const poller = async (index: number) => {
      const cookie = sessions[index % sessions.length];
      while (Date.now() < stopAt) {
        try {
          const response = await get(`${portal}/api/notification/unread-count`, cookie);
          await response.arrayBuffer();
          if (response.status === 200) answered += 1;
          else failures.push(`HTTP ${response.status}`);
        } catch (error) {
          failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const node1 = nodes[0];
    if (!node1) throw new Error('API node 1 is not running');
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      node1.process.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const polling = Promise.all(Array.from({ length: POLLERS }, (_, index) => poller(index)));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const signalledAt = Date.now();
    node1.process.kill('SIGTERM');
    await polling;
    const { code, at } = await exited;
    expect(failures.slice(0, 5), `${failures.length} failed requests`).toEqual([]);
    expect(answered).toBeGreaterThan(POLLERS * POLL_SECONDS);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS + 2000);
    expect(await nginxErrors(join(scratch, 'nginx'))).not.toMatch(/\[(crit|alert|emerg)\]/);
  });
});
