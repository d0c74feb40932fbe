import { CardReaderError } from '../../src/hardware/card-reader-driver.ts';

/** The CardReaderError `promise` rejects with; anything else (or no rejection) fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<CardReaderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CardReaderError))
    throw new Error(`expected a CardReaderError, got ${String(error)}`);
  return error;
}
