import { getValidationResponseSchema, smartCardSchema } from '@benchside/contracts/card-validation';
import { operationStartedSchema, operationStatusSchema } from '@benchside/contracts/helper';
import { callHelper, parseHelperAnswer } from '../../../lib/helper-client.ts';

/** `POST /hardware/getValidation` {readerName}. */
export async function getValidation(readerName: string) {
  return parseHelperAnswer(
    getValidationResponseSchema,
    await callHelper('/hardware/getValidation', { readerName }),
    '/hardware/getValidation',
  );
}

/** `POST /hardware/activateProduct` {productID, readerName} with the server's activation token. */
export async function activateProduct(readerName: string, productID: string, activationToken: string) {
  return parseHelperAnswer(
    smartCardSchema,
    await callHelper('/hardware/activateProduct', { readerName, productID, activationToken }),
    '/hardware/activateProduct',
  );
}

/** `POST /hardware/updateCardFW` {readerName}: the operation id to follow with `/status/get`. */
export async function updateCardFirmware(readerName: string) {
  return parseHelperAnswer(
    operationStartedSchema,
    await callHelper('/hardware/updateCardFW', { readerName }),
    '/hardware/updateCardFW',
  );
}

/** `POST /status/get` {id}: the messages since the last call. */
export async function getStatus(id: string) {
  return parseHelperAnswer(operationStatusSchema, await callHelper('/status/get', { id }), '/status/get');
}
