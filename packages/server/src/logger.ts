import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/** The levels every process logs at (servers and helper alike), and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const LEVEL_LABELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' };
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'msg', 'reqId', 'name', 'pid', 'hostname', 'err']);

interface LogRecord {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  name?: string;
  err?: { stack?: string; message?: string };
  [key: string]: unknown;
}

/**
 * One short line per record for a person watching `npm start`:
 * `12:03:04.567 INFO  api [req-id] message key=value`, with the stack under errors.
 */
export function formatLogLine(record: LogRecord, colour: boolean): string {
  const time = new Date(record.time).toISOString().slice(11, 23);
  const label = LEVEL_LABELS[record.level] ?? String(record.level);
  const levelColour = colour ? (LEVEL_COLOURS[record.level] ?? '') : '';
  const parts = [
    colour ? `${DIM}${time}${RESET}` : time,
    levelColour ? `${levelColour}${label}${RESET}` : label,
  ];
  if (record.name) parts.push(record.name);
  if (record.reqId) parts.push(colour ? `${DIM}[${record.reqId}]${RESET}` : `[${record.reqId}]`);
  if (record.msg) parts.push(record.msg);
  for (const [key, value] of Object.entries(record)) {
    if (SHOWN_ELSEWHERE.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const stack = record.err?.stack ?? record.err?.message;
  return `${parts.join(' ')}${stack ? `\n  ${stack.replaceAll('\n', '\n  ')}` : ''}\n`;
}

/**
 * Standard output written asynchronously: a synchronous write per request log line halved the
 * API's throughput under load. Lines that arrive while a write is under way are joined into the
 * next one; what is still queued when the process exits is written out then.
 */
function asyncStandardOutput(): pino.DestinationStream & { flushSync(): void } {
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing left to write to (a closed pipe): the lines are lost either way.
    }
  });
  return destination;
}

function compactStream(output: DestinationStream, colour: boolean): DestinationStream {
  return {
    write(line: string) {
      output.write(formatLogLine(JSON.parse(line) as LogRecord, colour));
    },
  };
}

/**
 * JSON lines in production (for log collectors), compact readable lines otherwise. Request ids
 * come from Fastify's child loggers (`reqId`), so they are on every line a request writes.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, name?: string): Logger {
  const options = { level: config.logLevel, base: name ? { name } : null };
  const output = asyncStandardOutput();
  return config.nodeEnv === 'production'
    ? pino(options, output)
    : pino(options, compactStream(output, process.stdout.isTTY === true));
}
