import type { CardReader, SmartCard } from '@benchside/contracts/card-validation';
import type { HelperInfo } from '@benchside/contracts/helper';
import type { HelperAccess, LoopbackPermission } from '../../lib/helper-access.ts';
import type { HelperStatus } from '../../lib/helper-status.ts';

/** Below this the download folder's disk is too full for a firmware package (they run to several GB). */
export const LOW_FREE_SPACE_BYTES = 1024 ** 3;

/**
 * - `ok`: nothing to do; `problem`: the fix-it step says what to do; `unknown`: it cannot be
 *   told now (no helper to ask, the browser or the portal does not say); `checking`: asked.
 */
export type CheckState = 'ok' | 'problem' | 'unknown' | 'checking';

/** The fix-it step of each bad state; its texts are `helper.panel.fix.<id>`. */
export type FixId =
  | 'startHelper'
  | 'allowLocalNetwork'
  | 'openHttps'
  | 'useComputer'
  | 'downloadUpdate'
  | 'plugInReader'
  | 'insertCard'
  | 'createFolder'
  | 'freeSpace';

export interface Check<Detail = undefined> {
  state: CheckState;
  fix: FixId | null;
  detail: Detail;
}

/** One reader and the card in it: `serial` null for a card that is not a Benchside card. */
export interface ReaderLine {
  name: string;
  card: { serial: string | null } | null;
}

/** A call's answer, or where it stands: still asked, or failed. */
export type Answer<T> = T | 'asking' | 'failed';

export interface HelperPanelFacts {
  status: HelperStatus;
  access: HelperAccess;
  /** null until the browser has answered. */
  permission: LoopbackPermission | null;
  secureContext: boolean;
  /** `/general/info`. */
  info: Answer<HelperInfo>;
  /** The version of the installer the portal serves. */
  latestVersion: Answer<string>;
  readers: Answer<CardReader[]>;
  cards: Answer<SmartCard[]>;
}

const answered = <T>(answer: Answer<T>): T | null =>
  answer === 'asking' || answer === 'failed' ? null : answer;

export interface HelperChecks {
  helper: Check<{ port: number | null }>;
  version: Check<{ installed: string | null; latest: string | null }>;
  permission: Check<{ permission: LoopbackPermission | null }>;
  readers: Check<{ readers: ReaderLine[] }>;
  folder: Check<{ path: string | null; freeBytes: number | null }>;
}

const unknown = <Detail>(detail: Detail): Check<Detail> => ({ state: 'unknown', fix: null, detail });
const checking = <Detail>(detail: Detail): Check<Detail> => ({ state: 'checking', fix: null, detail });
const ok = <Detail>(detail: Detail): Check<Detail> => ({ state: 'ok', fix: null, detail });
const problem = <Detail>(fix: FixId, detail: Detail): Check<Detail> => ({ state: 'problem', fix, detail });

/**
 * -1, 0 or 1 as `a` is older than, the same as or newer than `b`, part by numeric part
 * ("0.10.0" is newer than "0.9.1"); a pre-release ("1.0.0-rc.1") is older than its release.
 */
export function compareVersions(a: string, b: string): number {
  const [mainA = '', preA] = a.split('-', 2);
  const [mainB = '', preB] = b.split('-', 2);
  const partsA = mainA.split('.').map(Number);
  const partsB = mainB.split('.').map(Number);
  for (let index = 0; index < Math.max(partsA.length, partsB.length); index++) {
    const difference = (partsA[index] || 0) - (partsB[index] || 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

/** Why no helper answers, and the step that fixes it: the browser's refusal before a helper that is not running. */
function helperCheck({ status, access, info }: HelperPanelFacts): HelperChecks['helper'] {
  const port = answered(info)?.port ?? null;
  if (status === 'connected') return ok({ port });
  if (access === 'no-helper-here') return problem('useComputer', { port });
  if (status === 'pending') return checking({ port });
  if (access === 'blocked') return problem('allowLocalNetwork', { port });
  if (access === 'insecure') return problem('openHttps', { port });
  return problem('startHelper', { port });
}

function versionCheck({ status, info, latestVersion }: HelperPanelFacts): HelperChecks['version'] {
  const installed = answered(info)?.version ?? null;
  const latest = answered(latestVersion);
  const detail = { installed, latest };
  if (installed === null || latest === null) {
    const waiting = latestVersion === 'asking' || (status === 'connected' && info === 'asking');
    return waiting ? checking(detail) : unknown(detail);
  }
  return compareVersions(installed, latest) < 0 ? problem('downloadUpdate', detail) : ok(detail);
}

/** Chromium's Local Network Access; a browser without it lets the page through, so nothing can be wrong there. */
function permissionCheck({ permission, secureContext }: HelperPanelFacts): HelperChecks['permission'] {
  const detail = { permission };
  if (permission === null) return checking(detail);
  if (permission === 'denied') return problem(secureContext ? 'allowLocalNetwork' : 'openHttps', detail);
  if (permission === 'unsupported') return unknown(detail);
  return ok(detail);
}

function readersCheck({ status, readers, cards }: HelperPanelFacts): HelperChecks['readers'] {
  if (status !== 'connected' || readers === 'failed') return unknown({ readers: [] });
  if (readers === 'asking') return checking({ readers: [] });
  const lines = readers.map((reader): ReaderLine => {
    const card = answered(cards)?.find((entry) => entry.readerName === reader.name);
    return {
      name: reader.name,
      card: card ? { serial: card.serial } : reader.cardPresent ? { serial: null } : null,
    };
  });
  if (lines.length === 0) return problem('plugInReader', { readers: lines });
  if (lines.every((line) => line.card === null)) return problem('insertCard', { readers: lines });
  return ok({ readers: lines });
}

function folderCheck({ status, info }: HelperPanelFacts): HelperChecks['folder'] {
  if (status !== 'connected' || info === 'failed') return unknown({ path: null, freeBytes: null });
  if (info === 'asking') return checking({ path: null, freeBytes: null });
  const { path, exists, freeBytes } = info.downloadFolder;
  const detail = { path, freeBytes };
  if (!exists) return problem('createFolder', detail);
  if (freeBytes !== null && freeBytes < LOW_FREE_SPACE_BYTES) return problem('freeSpace', detail);
  return ok(detail);
}

/** What the helper panel shows: each thing a technician checks when something fails, and how to fix it. */
export function helperChecks(facts: HelperPanelFacts): HelperChecks {
  return {
    helper: helperCheck(facts),
    version: versionCheck(facts),
    permission: permissionCheck(facts),
    readers: readersCheck(facts),
    folder: folderCheck(facts),
  };
}
