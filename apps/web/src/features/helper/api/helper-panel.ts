import { type HelperInfo, helperInfoSchema, helperInstallerSchema } from '@benchside/contracts/helper';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { listCards, listReaders } from '../../../lib/card-readers.ts';
import { callHelper, parseHelperAnswer } from '../../../lib/helper-client.ts';
import { useHelperStatus } from '../../../lib/helper-status.ts';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import type { Answer } from '../helper-checks.ts';

const INFO_PATH = '/general/info';

/** `POST /general/info`: the helper's version and port, its download folder and the room left there. */
async function readHelperInfo(): Promise<HelperInfo> {
  return parseHelperAnswer(helperInfoSchema, await callHelper(INFO_PATH, {}), INFO_PATH);
}

/** `GET /api/helper/installer`: the version of the installer this portal serves. */
async function latestHelperVersion(): Promise<string> {
  return helperInstallerSchema.parse(await http.get('/helper/installer')).version;
}

const answerOf = <T>(query: UseQueryResult<T>): Answer<T> =>
  query.isSuccess ? query.data : query.isError ? 'failed' : 'asking';

/**
 * What the panel asks, once when it opens and again on "Check again": no polling of its own
 * beside the status check. The helper is asked only once the status check found it.
 */
export function useHelperPanelAnswers() {
  const enabled = useHelperStatus() === 'connected';
  const helperQuery = { enabled, retry: false, staleTime: 0 } as const;
  const info = useQuery({ queryKey: ['helper', 'info'], queryFn: readHelperInfo, ...helperQuery });
  // The same keys as the cards pages: one answer serves both.
  const readers = useQuery({ queryKey: ['helper', 'readers'], queryFn: listReaders, ...helperQuery });
  const cards = useQuery({ queryKey: ['helper', 'cards'], queryFn: listCards, ...helperQuery });
  const latest = useQuery({ queryKey: ['helper-installer'], queryFn: latestHelperVersion, retry: false });
  return {
    info: answerOf(info),
    readers: answerOf(readers),
    cards: answerOf(cards),
    latestVersion: answerOf(latest),
    /** Why the helper could not list its readers (e.g. no smart-card service), in its own words. */
    readersError: readers.error,
  };
}

/** "Check again": the status check and everything the panel shows, asked now. */
export function checkHelperAgain(): Promise<unknown> {
  return Promise.all([
    queryClient.refetchQueries({ queryKey: ['helper'], type: 'active' }),
    queryClient.refetchQueries({ queryKey: ['helper-installer'], type: 'active' }),
  ]);
}
