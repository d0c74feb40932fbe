import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/** SHA-256 of a file, read as a stream so a package of any size costs a few buffers of memory. */
export async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) hash.update(chunk);
  return hash.digest('hex');
}

/** Whether the file is exactly the package the portal published (`expectedSha256` in hex). */
export async function verifyPackageHash(filePath: string, expectedSha256: string): Promise<boolean> {
  if (!SHA256_HEX.test(expectedSha256)) {
    throw new Error(
      `The expected package hash must be 64 hexadecimal digits, got ${JSON.stringify(expectedSha256)}`,
    );
  }
  const actual = Buffer.from(await sha256OfFile(filePath), 'hex');
  return timingSafeEqual(actual, Buffer.from(expectedSha256, 'hex'));
}
