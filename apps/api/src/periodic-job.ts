import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` from the node's start (and once at the start, so a node that was
 * down catches up at once), one run at a time. Nothing is scheduled in memory beyond the next tick:
 * each job reads what is due from the database. `run` answers how much it did, which is logged.
 */
export function createPeriodicJob(options: {
  name: string;
  run: () => Promise<number>;
  intervalMs: number;
  logger?: FastifyBaseLogger | undefined;
}): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const done = await options.run();
        if (done > 0) options.logger?.info({ job: options.name, done }, `${options.name}: done`);
      } catch (error) {
        options.logger?.error({ err: error, job: options.name }, `${options.name}: run failed`);
      }
    });
  };
  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
