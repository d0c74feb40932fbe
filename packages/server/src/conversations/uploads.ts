import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
} from '@benchside/contracts/conversations';
import type { Attachment, Database } from '@benchside/db/database';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from '../create-server.ts';
import {
  BadRequestError,
  HttpError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors.ts';
import type { AttachmentStorage } from './attachment-storage.ts';
import { SNIFF_BYTES, sniffContentType } from './content-sniffing.ts';

/** Files a user may have uploaded and not yet sent; bounds the disk one account can fill. */
export const MAX_UNSENT_ATTACHMENTS = 20;
/** An upload nobody sent within a day is removed with the user's next upload. */
export const UNSENT_ATTACHMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const TOO_MANY_UNSENT_MESSAGE = 'Too many files are waiting to be sent. Send or remove some first.';

class TooManyUnsentError extends HttpError {
  constructor() {
    super(409, 'BS_ERR_TOO_MANY_UNSENT', TOO_MANY_UNSENT_MESSAGE);
  }
}

/** Multipart parsing for the routes that declare `config.acceptsMultipart`: one file, nothing else. */
export async function registerAttachmentUploads(app: App): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_ATTACHMENT_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
  });
}

/**
 * Stores the request's multipart field `file` as an unsent attachment of the user: at most
 * MAX_ATTACHMENT_BYTES (413 beyond), of an accepted type by its content (415 otherwise).
 */
export async function receiveAttachment(
  request: FastifyRequest,
  db: Kysely<Database>,
  storage: AttachmentStorage,
  userId: string,
): Promise<Attachment> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the file as multipart/form-data in the field "file".');
  }
  await removeStaleUnsent(db, storage, userId);
  const waiting = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('thread_id', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(waiting.count) >= MAX_UNSENT_ATTACHMENTS) throw new TooManyUnsentError();

  const part = await request.file();
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new ValidationError('file: A file is required', {
      violations: [{ propertyPath: 'file', message: 'A file is required' }],
    });
  }
  const stored = await storage.save(part.file);
  const reject = async (error: HttpError): Promise<never> => {
    await storage.remove(stored.storageKey);
    throw error;
  };
  if (part.file.truncated) return reject(new PayloadTooLargeError(FILE_TOO_LARGE_MESSAGE));
  if (stored.size === 0) return reject(new BadRequestError('The file is empty.'));
  const contentType = sniffContentType(stored.head, stored.size <= SNIFF_BYTES);
  if (!contentType) return reject(new UnsupportedMediaTypeError(UNSUPPORTED_FILE_TYPE_MESSAGE));

  try {
    return await db
      .insertInto('attachments')
      .values({
        user_id: userId,
        storage_key: stored.storageKey,
        name: cleanFileName(part.filename),
        content_type: contentType,
        size: stored.size,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await storage.remove(stored.storageKey);
    throw error;
  }
}

/**
 * The name shown and offered on download: the last path segment, without control characters or
 * characters Windows forbids, at most 200 characters.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...cleaned].slice(0, 200).join('') || 'attachment';
}

/** Deletes the user's uploads that were never sent and are older than a day, files first. */
async function removeStaleUnsent(db: Kysely<Database>, storage: AttachmentStorage, userId: string) {
  const stale = await db
    .deleteFrom('attachments')
    .where('user_id', '=', userId)
    .where('thread_id', 'is', null)
    .where('created_at', '<', new Date(Date.now() - UNSENT_ATTACHMENT_LIFETIME_MS))
    .returning('storage_key')
    .execute();
  await Promise.all(stale.map((row) => storage.remove(row.storage_key)));
}
