import type { HelperPingResponse } from '@benchside/contracts/helper';
import { DEFAULT_HELPER_PORT } from '@benchside/contracts/helper-ports';
import type { z } from 'zod';
import { clientConfig } from './client-config.ts';

/** Where the port that last answered is kept, so the next page load asks it first. */
export const HELPER_PORT_STORAGE_KEY = 'benchside_helper_port';

/** A loopback call that takes longer than this is treated as a helper that is not there. */
export const HELPER_TIMEOUT_MS = 3000;

/**
 * Why a helper call failed: nothing answered (connection refused, or a CORS refusal by a helper
 * that serves another portal — the browser cannot tell them apart), no answer in time, an error
 * status, or an answer that is not what the helper sends.
 */
export type HelperErrorReason = 'unreachable' | 'timeout' | 'rejected' | 'invalid-response';

/** Every failure of a helper call. It is never a reason to end the portal session (spec §4). */
export class HelperError extends Error {
  override readonly name = 'HelperError';

  constructor(
    readonly reason: HelperErrorReason,
    message: string,
    /** The helper's status code for `rejected`, otherwise null. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The helper's own words on why it refused, when it gave them; null for every other failure. */
export function helperReason(error: unknown): string | null {
  return error instanceof HelperError && error.reason === 'rejected' ? error.message : null;
}

/** The one reading of a helper answer: anything but what `schema` describes is the helper's fault, not the user's. */
export function parseHelperAnswer<T>(schema: z.ZodType<T>, answer: unknown, path: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new HelperError('invalid-response', `The helper's answer to ${path} is not valid`);
  return parsed.data;
}

export interface HelperClientOptions {
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  timeoutMs?: number;
  /** Probed in order, the first the default: the deployment's `HELPER_PORTS`, which its CSP allows. */
  ports?: readonly number[];
}

// Loaded with the first call, like the main API's schemas: zod stays off the first screen.
const loadContract = () => import('@benchside/contracts/helper');

async function readHelperMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // An empty or non-JSON error body (e.g. the helper's 421) leaves only the status to report.
  }
  return null;
}

/**
 * The client of the local helper on 127.0.0.1. It is separate from the main API's client on
 * purpose: no cookies, no base URL of the portal, and no 401 rule — a helper failure never signs
 * the user out. The port is found by probing the deployment's helper ports (20051 to 20054 unless
 * `HELPER_PORTS` says otherwise) with `POST /general/ping` (spec §7/§9).
 */
export function createHelperClient({
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  storage = globalThis.localStorage,
  timeoutMs = HELPER_TIMEOUT_MS,
  ports = clientConfig.helperPorts,
}: HelperClientOptions = {}) {
  let rememberedPort: number | null = null;
  let pendingDiscovery: Promise<number | null> | null = null;

  async function currentPort(): Promise<number> {
    if (rememberedPort !== null) return rememberedPort;
    const stored = Number(readStorage());
    rememberedPort = ports.find((port) => port === stored) ?? ports[0] ?? DEFAULT_HELPER_PORT;
    return rememberedPort;
  }

  // Storage can be switched off (privacy modes): the port is then remembered for this page only.
  function readStorage(): string | null {
    try {
      return storage.getItem(HELPER_PORT_STORAGE_KEY);
    } catch {
      return null;
    }
  }

  function remember(port: number): void {
    rememberedPort = port;
    try {
      storage.setItem(HELPER_PORT_STORAGE_KEY, String(port));
    } catch {
      // See readStorage.
    }
  }

  /** A POST with a JSON body, or a GET (`body` undefined) for the helper's read-only routes. */
  async function send(port: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`http://127.0.0.1:${port}${path}`, {
        method,
        mode: 'cors',
        credentials: 'omit',
        ...(method === 'POST'
          ? {
              headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
              body: JSON.stringify(body ?? {}),
            }
          : { headers: { Accept: 'application/json' } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The abort reason of AbortSignal.timeout, a DOMException: checked by name alone, as neither
      // DOMException nor Error is the same class in every realm (the tests' jsdom runs in a VM context).
      if (typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError') {
        throw new HelperError('timeout', `The helper did not answer ${path} in time`);
      }
      throw new HelperError('unreachable', `The helper could not be reached for ${path}`);
    }
    if (!response.ok) {
      const message = await readHelperMessage(response);
      throw new HelperError(
        'rejected',
        message ?? `The helper answered ${path} with ${response.status}`,
        response.status,
      );
    }
    const text = await response.text();
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      throw new HelperError('invalid-response', `The helper's answer to ${path} is not JSON`);
    }
  }

  async function ping(port: number): Promise<HelperPingResponse> {
    const answer = await send(port, 'POST', '/general/ping', {});
    const { helperPingResponseSchema } = await loadContract();
    const parsed = helperPingResponseSchema.safeParse(answer);
    if (!parsed.success)
      throw new HelperError('invalid-response', 'Something other than the helper answered');
    return parsed.data;
  }

  /** The first of the ports, in their order, where the helper answers the ping; remembered when found. */
  function discoverPort(): Promise<number | null> {
    pendingDiscovery ??= (async () => {
      for (const port of ports) {
        try {
          await ping(port);
          remember(port);
          return port;
        } catch {
          // Not this one: closed, another program, or a helper that serves another portal.
        }
      }
      return null;
    })().finally(() => {
      pendingDiscovery = null;
    });
    return pendingDiscovery;
  }

  /** `<method> <path>` on the helper; when the remembered port does not answer, the ports are probed once. */
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const port = await currentPort();
    try {
      return await send(port, method, path, body);
    } catch (error) {
      const nobodyAnswered =
        error instanceof HelperError && (error.reason === 'unreachable' || error.reason === 'timeout');
      if (!nobodyAnswered) throw error;
      const found = await discoverPort();
      // The same port answering the probe now is not retried: a timed-out call may have arrived.
      if (found === null || found === port) throw error;
      return send(found, method, path, body);
    }
  }

  return {
    /** `POST <path>` with a JSON body: every call that changes something. */
    callHelper: (path: string, body?: unknown) => request('POST', path, body),
    /** `GET <path>`: the helper's few read-only routes (`/general/getDownloadFolder`). */
    readHelper: (path: string) => request('GET', path),
    /**
     * `POST /general/ping`. Any failure on the remembered port (including an answer that is not
     * the helper's) probes the ports once: pinging twice is harmless, unlike other calls.
     */
    async pingHelper(): Promise<HelperPingResponse> {
      try {
        return await ping(await currentPort());
      } catch (error) {
        const found = await discoverPort();
        if (found === null) throw error;
        return ping(found);
      }
    },
  };
}

export const { callHelper, readHelper, pingHelper } = createHelperClient();

const DOWNLOAD_FOLDER_PATH = '/general/getDownloadFolder';

/** `GET /general/getDownloadFolder`: where the helper puts downloads (empty when none is chosen). */
export async function readDownloadFolder(): Promise<string> {
  const { downloadFolderSchema } = await loadContract();
  return parseHelperAnswer(downloadFolderSchema, await readHelper(DOWNLOAD_FOLDER_PATH), DOWNLOAD_FOLDER_PATH)
    .path;
}
