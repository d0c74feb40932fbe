import { describe, expect, it } from 'vitest';
import { HelperError } from '../../../lib/helper-client.ts';
import { HelperDownloadError } from '../../../lib/helper-download.ts';
import { addFailureKey, installFailureKey } from './install-tool.ts';
import { runFailureKey } from './run-tool.ts';

describe("the spec's messages on the tools page", () => {
  it("Run: 'Error launching the software' when the program would not start, else 'Error running tool'", () => {
    expect(runFailureKey(new HelperError('rejected', 'Error launching the software: EACCES', 502))).toBe(
      'catalogue.errors.launchSoftware',
    );
    expect(runFailureKey(new HelperError('rejected', 'Error running tool: no installed tool', 404))).toBe(
      'catalogue.errors.runTool',
    );
    expect(runFailureKey(new HelperError('unreachable', 'The helper could not be reached'))).toBe(
      'catalogue.errors.runTool',
    );
  });

  it("Install: the download folder's own messages, else 'Error downloading tool'", () => {
    expect(addFailureKey(new HelperDownloadError('Default download folder not selected!', null))).toBe(
      'catalogue.errors.noDownloadFolder',
    );
    expect(addFailureKey(new HelperDownloadError('We cannot load your download folder', null))).toBe(
      'catalogue.errors.loadDownloadFolder',
    );
    expect(addFailureKey(new HelperDownloadError('Error to add file download', null))).toBe(
      'catalogue.errors.downloadTool',
    );
    expect(addFailureKey(new HelperDownloadError('File download error', null))).toBe(
      'catalogue.errors.downloadTool',
    );
  });

  it("Install: 'Software installation error' for an answer that is no tool, else 'Error installing tool'", () => {
    expect(installFailureKey(new HelperError('invalid-response', 'not valid'))).toBe(
      'catalogue.errors.softwareInstall',
    );
    expect(installFailureKey(new HelperError('rejected', 'Error installing tool: hash mismatch', 422))).toBe(
      'catalogue.errors.installTool',
    );
  });
});
