/**
 * The steps of an install at which the crash tests kill the helper. A kill -9 from outside cannot
 * be timed to land between two renames; this makes the process die exactly there, as it would.
 */
export type CrashPoint =
  | 'install:extracted'
  | 'install:journal-written'
  | 'install:old-set-aside'
  | 'install:moved-into-place'
  | 'install:recorded';

const CRASH_VARIABLE = 'HELPER_TEST_CRASH_AT';

/** Dies by SIGKILL when HELPER_TEST_CRASH_AT names `point`; never in production. */
export function crashPoint(point: CrashPoint): void {
  if (process.env.NODE_ENV === 'production' || process.env[CRASH_VARIABLE] !== point) return;
  process.kill(process.pid, 'SIGKILL');
}
