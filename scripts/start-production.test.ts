import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIMULATED_READER_NAME } from '@benchside/contracts/card-validation';
import { MailCatcher } from '@benchside/server/mail/catcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../apps/api/src/seed/demo.ts';
import { freePort, isListening, startChild, WaitAbandoned, waitUntil } from '../bench/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const START_SCRIPT = ['scripts/launch.mjs', 'start'];
/** Building a stale web app or helper installer first can take a minute on a busy machine. */
const START_TIMEOUT_MS = 180_000;

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a start command to its end. One that starts serving instead is killed, with every process
 * it started (its own process group), after a minute: its code is then null.
 */
function runToExit(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const killer = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, 60_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

function postToHelper(helper: string, path: string): Promise<Response> {
  return fetch(`${helper}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

/** The lines a person reads on stderr, without npm's own report of the failed script. */
function reasonLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm '));
}

describe('starting the portal for production', { timeout: START_TIMEOUT_MS }, () => {
  let scratch: string;
  let sink: MailCatcher;
  let smtpUrl: string;
  let signingKeyFile: string;
  const masterKey = '7e'.repeat(32);

  /** Only what a start needs: nothing of this test run's own environment (NODE_ENV=test, DATABASE_URL). */
  async function startEnv(settings: Record<string, string | undefined>): Promise<NodeJS.ProcessEnv> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(await freePort()),
      SUPPORT_PORT: String(await freePort()),
      HELPER_PORTS: String(await freePort()),
      HELPER_CONFIG_DIR: join(scratch, 'helper'),
      DATA_DIR: join(scratch, 'data'),
      LOG_LEVEL: 'warn',
      ...settings,
    };
    return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  }

  function production(change: Record<string, string | undefined> = {}): Record<string, string | undefined> {
    return {
      NODE_ENV: 'production',
      BENCHSIDE_DEMO: '0',
      SMTP_URL: smtpUrl,
      VENDOR_CARD_MASTER_KEY: masterKey,
      PUBLIC_URL: 'https://portal.example.test',
      PACKAGE_SIGNING_KEY: signingKeyFile,
      ...change,
    };
  }

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'benchside-production-start-'));
    sink = new MailCatcher();
    smtpUrl = `smtp://127.0.0.1:${await sink.listen()}`;
    // The vendor's own publishing key, as an operator keeps it.
    signingKeyFile = join(scratch, 'package-signing-key.pem');
    const { privateKey } = generateKeyPairSync('ed25519');
    await writeFile(signingKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  });
  afterAll(async () => {
    await sink.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('NODE_ENV=production npm start refuses the demo in one line and serves nothing', async () => {
    // Every production setting is right: the demo that npm start turns on is the only reason.
    const env = await startEnv(production({ BENCHSIDE_DEMO: undefined }));
    const finished = await runToExit('npm', ['start'], env);
    expect(finished.code).not.toBe(0);
    expect(finished.code).not.toBeNull();
    const [reason, ...more] = reasonLines(finished.stderr);
    expect(reason).toMatch(/^BENCHSIDE_DEMO must be off when NODE_ENV=production\b/);
    expect(more).toEqual([]);
    expect(`${finished.stdout}${finished.stderr}`).not.toContain(DEMO_ACCOUNT.password);
    expect(await isListening(Number(env.PORT))).toBe(false);
  });

  it.each([
    [
      'none of its settings are given',
      {
        SMTP_URL: undefined,
        VENDOR_CARD_MASTER_KEY: undefined,
        PUBLIC_URL: undefined,
        PACKAGE_SIGNING_KEY: undefined,
      },
      /^SMTP_URL must be set when NODE_ENV=production$/,
    ],
    [
      'PUBLIC_URL is http://',
      { PUBLIC_URL: 'http://portal.example.test' },
      /^PUBLIC_URL must be an https:\/\/ URL when NODE_ENV=production/,
    ],
  ])(
    'a production start where %s exits non-zero with one line naming the variable and serves nothing',
    async (_name, change, reason) => {
      const env = await startEnv(production(change));
      const finished = await runToExit(process.execPath, START_SCRIPT, env);
      expect(finished.code).toBe(1);
      expect(reasonLines(finished.stderr)).toEqual([expect.stringMatching(reason)]);
      expect(await isListening(Number(env.PORT))).toBe(false);
    },
  );

  it('a production start with its settings serves /api/health without any demo part', async () => {
    const env = await startEnv(production());
    const portal = `http://127.0.0.1:${env.PORT}`;
    const child = startChild(process.execPath, START_SCRIPT, env, root);
    try {
      await waitUntil(
        async () => {
          if (child.process.exitCode !== null)
            throw new WaitAbandoned(`The start exited early:\n${child.output()}`);
          return (await fetch(`${portal}/api/health`)).ok;
        },
        `${portal}/api/health`,
        START_TIMEOUT_MS - 30_000,
      );
      // No demo seed, no printed demo sign-in, no mail catcher.
      const login = await fetch(`${portal}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password }),
      });
      expect(login.status).toBe(400);
      expect(await login.json()).toEqual({ message: 'The login detail is incorrect' });
      expect(child.output()).not.toContain(DEMO_ACCOUNT.password);
      expect((await fetch(`${portal}/dev/mail.json`)).status).toBe(404);
      // The helper it starts reads real card readers: the simulated one is never a stand-in.
      const helper = `http://127.0.0.1:${env.HELPER_PORTS}`;
      await waitUntil(async () => (await postToHelper(helper, '/general/ping')).ok, helper, 60_000);
      const readers = await postToHelper(helper, '/hardware/listReaders');
      expect(await readers.text()).not.toContain(SIMULATED_READER_NAME);
    } finally {
      await child.stop();
    }
  });
});
