/**
 * The slow downloads host of e2e/downloads (web-seed.ts), on a fixed port beside the stack's: the
 * stack's helper fetches packages only from the downloads hosts it is configured with.
 */
export function e2eSeedHostPort(e2ePort: number): number {
  return e2ePort + 6;
}

/** HELPER_DOWNLOADS_HOSTS of an e2e stack: the portal's own downloads host, and the slow one. */
export function e2eHelperDownloadsHosts(e2ePort: number): string {
  return [
    `http://127.0.0.1:${e2ePort}/dl`,
    `http://localhost:${e2ePort}/dl`,
    `http://127.0.0.1:${e2eSeedHostPort(e2ePort)}/dl`,
  ].join(',');
}
