// Preloaded into a benchmarked server (`node --expose-gc --require`; a cluster's workers inherit both): on SIGWINCH
// the process collects its garbage and writes `process.memoryUsage()` to BENCH_MEMORY_DIR/<pid>.json, so a bench
// reads what live objects hold, which RSS alone hides behind the garbage not yet collected. SIGWINCH because its
// default is to be ignored and the server's close-with-grace stops on the others (SIGUSR2 among them).
const { renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');

process.on('SIGWINCH', async () => {
  // The memory outside the heap is given back by finalizers that run after a collection: a second one, a turn
  // later, counts what they freed.
  global.gc();
  await new Promise((resolve) => setImmediate(resolve));
  global.gc();
  const file = path.join(process.env.BENCH_MEMORY_DIR, `${process.pid}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
  renameSync(`${file}.tmp`, file);
});
