import { helperOkSchema, type InstalledTool } from '@benchside/contracts/helper';
import { useMutation } from '@tanstack/react-query';
import { callHelper, HelperError, parseHelperAnswer } from '../../../lib/helper-client.ts';
import type { ToolFailureKey } from '../stores/tool-activity.ts';

/**
 * The spec §8 message of a failed run: the helper answers 502 when the program would not start
 * ('Error launching the software'); anything else (no such tool, gone from disk, no helper) is
 * 'Error running tool'.
 */
export function runFailureKey(error: unknown): ToolFailureKey {
  return error instanceof HelperError && error.status === 502
    ? 'catalogue.errors.launchSoftware'
    : 'catalogue.errors.runTool';
}

/** `POST /software/run` {id}: the helper answers once the program has started. */
export function useRunTool() {
  return useMutation({
    mutationFn: async (tool: InstalledTool) =>
      parseHelperAnswer(helperOkSchema, await callHelper('/software/run', { id: tool.id }), '/software/run'),
  });
}
