import { type InstalledTool, installedToolSchema } from '@benchside/contracts/helper';
import { useQuery } from '@tanstack/react-query';
import { callHelper, parseHelperAnswer } from '../../../lib/helper-client.ts';
import { useHelperStatus } from '../../../lib/helper-status.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const installedToolsQueryKey = ['helper', 'software'] as const;

async function listInstalledTools(): Promise<InstalledTool[]> {
  return parseHelperAnswer(
    installedToolSchema.array(),
    await callHelper('/software/list', {}),
    '/software/list',
  );
}

/** `POST /software/list`, asked only of a helper the status check found connected. */
export function useInstalledTools() {
  return useQuery({
    queryKey: installedToolsQueryKey,
    queryFn: listInstalledTools,
    enabled: useHelperStatus() === 'connected',
    retry: false,
  });
}

export const refreshInstalledTools = () =>
  queryClient.invalidateQueries({ queryKey: installedToolsQueryKey });
