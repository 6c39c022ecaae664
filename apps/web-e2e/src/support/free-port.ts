import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on now, so a test never collides with `npm start` or another suite. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
