import { cpus, loadavg } from 'node:os';
import { CHROMIUM_PATH } from '../e2e/support/chromium-flags.ts';
import { chromiumVersion } from '../scripts/ensure-chromium.ts';

const FIRST_TOUCH_BYTES = 256 * 1024 * 1024;

export type Machine = {
  cpus: number;
  cpuModel: string | undefined;
  node: string;
  chromium: string | undefined;
  /** Milliseconds to write 256 MiB the process has never touched: the cost of its page faults. */
  firstTouch256MiBMs: number;
  loadAverage: number[];
};

/**
 * What the figures were measured on. Two machines of the same size can differ several times over
 * in the cost of a page fault (a virtual machine's memory handed back to its host and faulted in
 * again), which a browser starting a page pays on every new renderer and heap: Lighthouse's scores
 * follow it, and its own benchmark index, a loop over memory already touched, does not show it.
 */
export function describeMachine(): Machine {
  const untouched = Buffer.allocUnsafeSlow(FIRST_TOUCH_BYTES);
  const started = performance.now();
  untouched.fill(1);
  const firstTouch256MiBMs = Math.round(performance.now() - started);
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    chromium: chromiumVersion(CHROMIUM_PATH),
    firstTouch256MiBMs,
    loadAverage: loadavg(),
  };
}

/** One line for the run's output and for `bench/README.md`. */
export function machineLine(machine: Machine): string {
  return [
    `${machine.cpus} × ${machine.cpuModel ?? 'unknown CPU'}`,
    `Node ${machine.node}`,
    machine.chromium ?? 'Chromium not found',
    `256 MiB first written in ${machine.firstTouch256MiBMs} ms`,
    `load ${machine.loadAverage.map((load) => load.toFixed(2)).join(' ')}`,
  ].join(', ');
}
