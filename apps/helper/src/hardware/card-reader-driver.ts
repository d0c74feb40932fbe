import type { CardReader, GetValidationResponse, SmartCard } from '@benchside/contracts/card-validation';
import type { HelperErrorStatus } from '../http-errors.ts';

export type CardReaderErrorKind =
  | 'service-unavailable'
  | 'support-missing'
  | 'reader-not-found'
  | 'no-card'
  | 'card-busy'
  | 'not-supported'
  | 'refused'
  | 'card-error'
  | 'timeout';

const STATUS_BY_KIND: Record<CardReaderErrorKind, HelperErrorStatus> = {
  'service-unavailable': 503,
  'support-missing': 503,
  'reader-not-found': 404,
  'no-card': 409,
  'card-busy': 409,
  'not-supported': 422,
  refused: 403,
  'card-error': 502,
  timeout: 504,
};

/** A failure the user can act on; `statusCode` is what the helper's route answers with it. */
export class CardReaderError extends Error {
  readonly kind: CardReaderErrorKind;

  constructor(kind: CardReaderErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CardReaderError';
    this.kind = kind;
  }

  get statusCode(): HelperErrorStatus {
    return STATUS_BY_KIND[this.kind];
  }
}

export type ProgressReporter = (message: string) => void;

/**
 * The card readers of this computer. Every method names the reader it acts on, because a
 * technician may have several readers plugged in; a reader without a card is a `no-card` error.
 */
export interface CardReaderDriver {
  listReaders(): Promise<CardReader[]>;
  listCards(): Promise<SmartCard[]>;
  /** Random bytes from the card's own generator (ISO 7816-4 GET CHALLENGE). */
  getChallenge(readerName: string, length: number): Promise<Uint8Array>;
  /** `challenge`: a nonce issued by the server; without one the card draws its own. */
  getValidation(readerName: string, challenge?: string): Promise<GetValidationResponse>;
  activateProduct(readerName: string, productId: string, activationToken?: string): Promise<SmartCard>;
  updateCardFirmware(readerName: string, onProgress: ProgressReporter): Promise<{ firmwareVersion: string }>;
  /** Releases the readers so the process can exit. */
  close(): Promise<void>;
}
