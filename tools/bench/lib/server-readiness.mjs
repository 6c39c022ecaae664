// What the benchmarks that start the production server share: a free port to start it on, and the wait until it
// answers /readyz (or exits).
import { createServer } from 'node:net';

/** A port nothing listens on right now, picked by the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `base/readyz` answers 2xx; throws if `child` exits first or `timeoutMs` passes. */
export async function waitForHealth(base, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API did not answer /readyz in time');
}
