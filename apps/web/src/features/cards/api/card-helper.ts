import {
  cardReaderSchema,
  getValidationResponseSchema,
  smartCardSchema,
} from '@benchside/contracts/card-validation';
import { operationStartedSchema, operationStatusSchema } from '@benchside/contracts/helper';
import { z } from 'zod';
import { callHelper, HelperError } from '../../../lib/helper-client.ts';

/** Parses a helper answer; anything else is the helper's fault, not the user's. */
function parse<T>(schema: z.ZodType<T>, answer: unknown, path: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new HelperError('invalid-response', `The helper's answer to ${path} is not valid`);
  return parsed.data;
}

/** `POST /hardware/listReaders`. */
export async function listReaders() {
  return parse(
    z.array(cardReaderSchema),
    await callHelper('/hardware/listReaders', {}),
    '/hardware/listReaders',
  );
}

/** `POST /hardware/listCards`: the cards in the readers, with what their chips hold. */
export async function listCards() {
  return parse(z.array(smartCardSchema), await callHelper('/hardware/listCards', {}), '/hardware/listCards');
}

/** `POST /hardware/getValidation` {readerName}. */
export async function getValidation(readerName: string) {
  return parse(
    getValidationResponseSchema,
    await callHelper('/hardware/getValidation', { readerName }),
    '/hardware/getValidation',
  );
}

/** `POST /hardware/activateProduct` {productID, readerName} with the server's activation token. */
export async function activateProduct(readerName: string, productID: string, activationToken: string) {
  return parse(
    smartCardSchema,
    await callHelper('/hardware/activateProduct', { readerName, productID, activationToken }),
    '/hardware/activateProduct',
  );
}

/** `POST /hardware/updateCardFW` {readerName}: the operation id to follow with `/status/get`. */
export async function updateCardFirmware(readerName: string) {
  return parse(
    operationStartedSchema,
    await callHelper('/hardware/updateCardFW', { readerName }),
    '/hardware/updateCardFW',
  );
}

/** `POST /status/get` {id}: the messages since the last call. */
export async function getStatus(id: string) {
  return parse(operationStatusSchema, await callHelper('/status/get', { id }), '/status/get');
}
