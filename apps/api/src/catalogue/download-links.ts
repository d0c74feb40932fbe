import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';

/** The `.torrent` link the API hands out: long enough for the helper to fetch it, no longer. */
export const TORRENT_LINK_TTL_MS = 10 * 60 * 1000;
/** The web seed inside the torrent: a download may run (and resume after a restart) this long. */
export const WEB_SEED_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SignedQuery {
  expires: number;
  signature: string;
}

/**
 * Links to the downloads host carry `?expires=<unix seconds>&signature=<HMAC-SHA256 of path and
 * expiry>`: whoever holds one may fetch that one path until then, without a session (the helper
 * has none). The key lives in the database, so every API instance signs and checks alike.
 */
export class DownloadLinkSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
  }

  /** Reads the shared key, creating it on the first start (concurrent starts agree on one). */
  static async load(db: Kysely<Database>): Promise<DownloadLinkSigner> {
    await db
      .insertInto('catalogue_link_keys')
      .values({ id: 1, secret: randomBytes(32).toString('hex') })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('catalogue_link_keys')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return new DownloadLinkSigner(Buffer.from(row.secret, 'hex'));
  }

  #mac(path: string, expires: number): Buffer {
    return createHmac('sha256', this.#key).update(`benchside-dl.v1|${path}|${expires}`).digest();
  }

  /** `path` is the URL path below the downloads host, e.g. `/fw.bin.torrent`. */
  sign(path: string, expiresAt: Date): SignedQuery {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { expires, signature: this.#mac(path, expires).toString('base64url') };
  }

  /** Builds `<host><path>?expires=..&signature=..`. */
  signedUrl(host: string, path: string, expiresAt: Date): string {
    const { expires, signature } = this.sign(path, expiresAt);
    return `${host}${path}?expires=${expires}&signature=${signature}`;
  }

  /** Whether the query signs this path and has not expired; compared in constant time. */
  verify(path: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
    const seconds = Number(expires);
    if (seconds * 1000 <= now) return false;
    // The text is compared, not its decoded bytes: the last of 43 characters carries 2 unused bits,
    // so decoding would accept four spellings of one signature.
    const expected = this.#mac(path, seconds).toString('base64url');
    return timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  }
}
