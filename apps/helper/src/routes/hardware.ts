import {
  activateProductBodySchema,
  type CardReader,
  type GetValidationResponse,
  getValidationBodySchema,
  type SmartCard,
  updateCardFirmwareBodySchema,
} from '@benchside/contracts/card-validation';
import {
  type OperationStarted,
  type OperationStatus,
  statusGetBodySchema,
} from '@benchside/contracts/helper';
import { ConflictError, NotFoundError } from '@benchside/server/errors';
import type { FastifyInstance } from 'fastify';
import { type CardReaderDriver, CardReaderError } from '../hardware/card-reader-driver.ts';
import type { OperationStatusRegistry } from '../hardware/operation-status.ts';
import { errorForStatus, parseWith } from '../http-errors.ts';

type HardwareRoutesOptions = {
  cardReaders: CardReaderDriver;
  operations: OperationStatusRegistry;
};

/** Spec §7 "Local helper": `/hardware/*` and `/status/get`. */
export function registerHardwareRoutes(app: FastifyInstance, options: HardwareRoutesOptions): void {
  const { cardReaders, operations } = options;

  app.post('/hardware/listReaders', (): Promise<CardReader[]> => withCard(() => cardReaders.listReaders()));

  app.post('/hardware/listCards', (): Promise<SmartCard[]> => withCard(() => cardReaders.listCards()));

  app.post('/hardware/getValidation', async (request): Promise<GetValidationResponse> => {
    const body = parseWith(getValidationBodySchema, request.body);
    return withCard(() => cardReaders.getValidation(body.readerName, body.challenge));
  });

  app.post('/hardware/activateProduct', async (request): Promise<SmartCard> => {
    const body = parseWith(activateProductBodySchema, request.body);
    return withCard(() => cardReaders.activateProduct(body.readerName, body.productID, body.activationToken));
  });

  app.post('/hardware/updateCardFW', async (request): Promise<OperationStarted> => {
    const body = parseWith(updateCardFirmwareBodySchema, request.body);
    // A missing reader or card is answered now; the update itself is followed with /status/get.
    const readers = await withCard(() => cardReaders.listReaders());
    const reader = readers.find((candidate) => candidate.name === body.readerName);
    if (!reader) throw new NotFoundError(`The card reader "${body.readerName}" was not found`);
    if (!reader.cardPresent) throw new ConflictError(`There is no card in the reader "${body.readerName}"`);
    const id = operations.start((report) => cardReaders.updateCardFirmware(body.readerName, report));
    return { id };
  });

  app.post('/status/get', async (request): Promise<OperationStatus> => {
    const body = parseWith(statusGetBodySchema, request.body);
    const status = operations.get(body.id, body.allMessages ?? false);
    if (!status) throw new NotFoundError(`There is no operation with the id ${JSON.stringify(body.id)}`);
    return status;
  });
}

/** A card reader failure is the user's to fix (plug the reader in, start pcscd): its own status and words. */
async function withCard<Result>(operation: () => Promise<Result>): Promise<Result> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof CardReaderError) throw errorForStatus(error.statusCode, error.message);
    throw error;
  }
}
