/** The HELPER_PORTS of the second e2e stack (playwright.support.config.ts): two above its own port. */
export function helperPortsOf(e2ePort: number): [number, number] {
  return [e2ePort + 2, e2ePort + 3];
}
