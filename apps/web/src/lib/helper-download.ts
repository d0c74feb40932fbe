import { type DownloadItem, downloadItemSchema } from '@benchside/contracts/helper';
import { getDownloadLink } from './catalogue-api.ts';
import { callHelper } from './helper-client.ts';

/** A download that could not be handed to the helper, with the spec §8 message to show. */
export class HelperDownloadError extends Error {
  override readonly name = 'HelperDownloadError';

  constructor(
    /** 'File download error' (no link) or 'Error to add file download' (the helper refused or is away). */
    readonly specMessage: 'File download error' | 'Error to add file download',
    override readonly cause: unknown,
  ) {
    super(specMessage);
  }
}

/**
 * Asks the API for a signed torrent link to the package and hands it to the helper's
 * `/downloads/add` with the package hash, so the helper may install what it fetched.
 */
export async function downloadThroughHelper(fileId: number): Promise<DownloadItem> {
  let link: Awaited<ReturnType<typeof getDownloadLink>>;
  try {
    link = await getDownloadLink(fileId);
  } catch (error) {
    throw new HelperDownloadError('File download error', error);
  }
  try {
    return downloadItemSchema.parse(
      await callHelper('/downloads/add', { url: link.url, soft: link.soft, sha256: link.sha256 }),
    );
  } catch (error) {
    throw new HelperDownloadError('Error to add file download', error);
  }
}
