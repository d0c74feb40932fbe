import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { CHROMIUM_PATH } from '../e2e/support/chromium-flags.ts';
import { chromiumVersion } from '../scripts/ensure-chromium.ts';

const FIRST_TOUCH_BYTES = 256 * 1024 * 1024;
const MELTDOWN_STATUS = '/sys/devices/system/cpu/vulnerabilities/meltdown';

export type Machine = {
  cpus: number;
  cpuModel: string | undefined;
  node: string;
  chromium: string | undefined;
  /** The kernel's answer to Meltdown: "Mitigation: PTI" makes every system call and page fault dearer. */
  meltdown: string | undefined;
  /** Milliseconds to write 256 MiB the process has never touched: the cost of its page faults. */
  firstTouch256MiBMs: number;
  loadAverage: number[];
};

/**
 * What the figures were measured on. Two machines of the same size can differ several times over
 * in what a system call or a page fault costs (a kernel that isolates its page tables, a virtual
 * machine that pages in software): the server's answers a second and a browser starting a page
 * (a new renderer, a new heap) both follow it, and Lighthouse's benchmark index, a loop over memory
 * already touched, does not show it.
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
    meltdown: kernelStatus(MELTDOWN_STATUS),
    firstTouch256MiBMs,
    loadAverage: loadavg(),
  };
}

function kernelStatus(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** One line for the run's output and for `bench/README.md`. */
export function machineLine(machine: Machine): string {
  return [
    `${machine.cpus} × ${machine.cpuModel ?? 'unknown CPU'}`,
    `Node ${machine.node}`,
    machine.chromium ?? 'Chromium not found',
    `Meltdown: ${machine.meltdown ?? 'not reported'}`,
    `256 MiB first written in ${machine.firstTouch256MiBMs} ms`,
    `load ${machine.loadAverage.map((load) => load.toFixed(2)).join(' ')}`,
  ].join(', ');
}
