import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CardReaderError } from '../../src/hardware/card-reader-driver.ts';
import { PcscCardReaderDriver } from '../../src/hardware/pcsc-card-reader.ts';

// libpcsclite finds pcscd through this socket; pointing it nowhere makes "pcscd is not running"
// true in this test process even on a machine where pcscd runs (each test file has its own process).
process.env.PCSCLITE_CSOCK_NAME = '/nonexistent/benchside-test/pcscd.comm';

function pcscliteLoads(): boolean {
  try {
    createRequire(import.meta.url)('pcsclite');
    return true;
  } catch {
    return false;
  }
}
const pcscInstalled = pcscliteLoads();

const drivers: PcscCardReaderDriver[] = [];
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});
function driver(): PcscCardReaderDriver {
  const created = new PcscCardReaderDriver();
  drivers.push(created);
  return created;
}

async function timedRejection(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { error, ms: performance.now() - started };
}

describe.skipIf(!pcscInstalled)('PC/SC driver when pcscd is not running', () => {
  it('fails every call at once with "PC/SC service is not running", never a simulated card', async () => {
    const reader = driver();
    const calls = [
      () => reader.listReaders(),
      () => reader.listCards(),
      () => reader.getChallenge('Any Reader', 8),
      () => reader.getValidation('Any Reader'),
      () => reader.activateProduct('Any Reader'),
      () => reader.updateCardFirmware('Any Reader'),
    ];
    for (const call of calls) {
      const { error, ms } = await timedRejection(call());
      expect(error).toBeInstanceOf(CardReaderError);
      expect(error).toMatchObject({ kind: 'service-unavailable', message: 'PC/SC service is not running' });
      expect((error as CardReaderError).statusCode).toBe(503);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('leaves nothing spinning after the failure', async () => {
    await timedRejection(driver().listReaders());
    const before = process.cpuUsage();
    await sleep(500);
    const used = process.cpuUsage(before);
    // A busy loop would burn the whole half second; an idle process uses a few milliseconds.
    expect((used.user + used.system) / 1000).toBeLessThan(150);
  });
});

describe.skipIf(pcscInstalled)('PC/SC driver without the pcsclite module', () => {
  it('says that PC/SC support is not installed', async () => {
    const { error } = await timedRejection(driver().listReaders());
    expect(error).toMatchObject({ kind: 'support-missing' });
    expect((error as Error).message).toMatch(/^PC\/SC support is not installed/);
  });
});
