import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from './sign-in.ts';
import { createUser, type RunningApi, startApi } from './start-api.ts';

/** Eight bytes of PNG signature and a little more: enough for the sniffer. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
/** A Windows program's "MZ" header with NUL bytes: not an accepted type whatever its name says. */
export const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

export interface ConversationsTestApi extends RunningApi {
  dataDir: string;
}

/** The API over a throw-away DATA_DIR, so stored attachments can be checked on disk. */
export async function startConversationsApi(): Promise<ConversationsTestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'benchside-conversations-'));
  const api = await startApi({ env: { DATA_DIR: dataDir } });
  return {
    ...api,
    dataDir,
    async close() {
      await api.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a verified user and signs in: the `bs_session=…` cookie pair. */
export async function signedInUser(
  api: RunningApi,
  username: string,
): Promise<{ id: string; cookie: string }> {
  const password = 'Bench#Repair2026';
  const id = await createUser(api.db, { username, email: `${username}@example.test`, password });
  return { id, cookie: await signIn(api, username, password) };
}

/** `POST <url>` with a multipart body holding one file in `field`. */
export function uploadFile(
  url: string,
  cookie: string,
  bytes: Uint8Array,
  name: string,
  options: { type?: string; field?: string; origin?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([bytes], { type: options.type ?? 'application/octet-stream' }),
    name,
  );
  return fetch(url, {
    method: 'POST',
    headers: { cookie, ...(options.origin ? { origin: options.origin } : {}) },
    body: form,
  });
}
