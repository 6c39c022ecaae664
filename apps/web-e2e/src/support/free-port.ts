import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel hands out for port 0 and for outgoing connections (Linux; else IANA's range). */
function lowestEphemeralPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 0) return low;
  } catch {
    // Not Linux, or no /proc: the default range below.
  }
  return 49_152;
}

const LOWEST = 10_000;
const handedOut = new Set<number>();

/**
 * A port nothing listens on now, for a program the test starts that binds it later (`npm start`). It is taken
 * below the kernel's ephemeral range: every other server of the suite listens on port 0 and every connection gets
 * its local port from that range, so test files in parallel Jest workers cannot take it between this check and
 * the program's own bind.
 */
export async function freePort(): Promise<number> {
  const highest = Math.max(LOWEST + 1_000, lowestEphemeralPort() - 1);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${LOWEST} and ${highest}`);
}

/** Whether the port can be listened on, on every interface (as the API's 0.0.0.0 and Vite's localhost need). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
