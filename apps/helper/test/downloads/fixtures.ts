import { randomBytes } from 'node:crypto';
import { readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import createTorrent from 'create-torrent';

export const PIECE_LENGTH = 256 * 1024;

/** The web-seed rule of these tests: their seeds run on loopback, nothing else is fetched. */
export function loopbackWebSeedsOnly(url: string): boolean {
  return new URL(url).hostname === '127.0.0.1';
}

/** A file of random bytes, so a wrong or shifted piece can never look right by chance. */
export async function writeRandomFile(path: string, size: number): Promise<Buffer> {
  const content = randomBytes(size);
  await writeFile(path, content);
  return content;
}

/** A .torrent for one file whose only source is the given web seed; no trackers at all. */
export function torrentFor(
  filePath: string,
  webSeedUrl: string,
  name?: string,
  pieceLength = PIECE_LENGTH,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    createTorrent(
      filePath,
      { pieceLength, urlList: [webSeedUrl], announceList: [], ...(name ? { name } : {}) },
      (error, torrent) => (error ? reject(error) : resolve(torrent)),
    );
  });
}

type BencodeValue = number | string | Buffer | BencodeValue[] | { [key: string]: BencodeValue };

/** Just enough bencode to write torrents no honest tool would create. */
export function bencode(value: BencodeValue): Buffer {
  if (typeof value === 'number') return Buffer.from(`i${value}e`);
  if (typeof value === 'string') return bencode(Buffer.from(value));
  if (Buffer.isBuffer(value)) return Buffer.concat([Buffer.from(`${value.length}:`), value]);
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(value).sort();
  return Buffer.concat([
    Buffer.from('d'),
    ...keys.flatMap((key) => {
      const entry = value[key];
      return entry === undefined ? [] : [bencode(key), bencode(entry)];
    }),
    Buffer.from('e'),
  ]);
}

/** A structurally valid multi-file torrent naming the given paths (the piece hashes do not matter). */
export function torrentWithPaths(name: string, paths: string[][]): Buffer {
  return bencode({
    info: {
      name,
      'piece length': PIECE_LENGTH,
      pieces: Buffer.alloc(20),
      files: paths.map((path) => ({ length: 10, path })),
    },
  });
}

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface OpenSocket {
  protocol: 'tcp' | 'tcp6' | 'udp' | 'udp6';
  port: number;
}

/**
 * TCP sockets listening and UDP sockets bound by a process (this one by default), read from /proc
 * (Linux): the kernel's own account, whatever library opened them.
 */
export async function ownListeningSockets(pid: number | 'self' = 'self'): Promise<OpenSocket[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(join(`/proc/${pid}/fd`, fd)).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const found: OpenSocket[] = [];
  for (const protocol of ['tcp', 'tcp6', 'udp', 'udp6'] as const) {
    const table = await readFile(`/proc/net/${protocol}`, 'utf8').catch(() => '');
    for (const line of table.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [, local, , state, , , , , , inode] = columns;
      if (!local || !state || !inode || !inodes.has(inode)) continue;
      const listening = protocol.startsWith('tcp') ? state === '0A' : true;
      if (listening) found.push({ protocol, port: Number.parseInt(local.split(':')[1] ?? '0', 16) });
    }
  }
  return found;
}
