/**
 * Resolves in a task of its own. A slow phone runs each task at a quarter of a computer's speed and
 * counts every one over 50 ms as blocking (decision 157): work awaited after this never lengthens
 * the task that came before it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
