/**
 * Polls a condition of the running server (a worker's timer, a socket it notices closed, a query waiting on a
 * lock), never a fixed sleep. It has no deadline of its own: on a busy machine the server is late, not wrong, and a
 * condition never met ends in Jest's limit, which names the case.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
