import { cardReaderSchema, smartCardSchema } from '@benchside/contracts/card-validation';
import { z } from 'zod';
import { callHelper, parseHelperAnswer } from './helper-client.ts';

/** `POST /hardware/listReaders`. */
export async function listReaders() {
  return parseHelperAnswer(
    z.array(cardReaderSchema),
    await callHelper('/hardware/listReaders', {}),
    '/hardware/listReaders',
  );
}

/** `POST /hardware/listCards`: the cards in the readers, with what their chips hold. */
export async function listCards() {
  return parseHelperAnswer(
    z.array(smartCardSchema),
    await callHelper('/hardware/listCards', {}),
    '/hardware/listCards',
  );
}
