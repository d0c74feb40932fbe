import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface Compressed {
  gzip: Buffer;
  brotli: Buffer;
}

/**
 * A built file's gzip and brotli forms at the highest levels, as the portal serves them
 * (apps/api/src/spa.ts). The web build writes the same forms beside each file
 * (apps/web/vite.config.ts), so one function keeps its twins what the portal would make itself.
 */
export async function compressForServing(body: Buffer): Promise<Compressed> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gzipped, brotli };
}
