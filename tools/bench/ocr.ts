// OCR of one chat screenshot at a phone's full size (1170x2532, drawn as the tests draw them): the median of 5
// reads after a first one that starts the worker, target under 1.5 s (docs/performance.md). Run:
// npx tsx tools/bench/ocr.ts (or `npm run bench -- ocr`).
import { performance } from 'node:perf_hooks';
import { TesseractReader } from '../../apps/api/src/services/matches/screenshots/reader';
import { drawChatScreenshot, type DrawnLine } from '../../apps/api/src/testing/chat-screenshots';

const RUNS = 5;
const messages: DrawnLine[] = [
  { side: 'them', text: 'Hey! How was the hike on Sunday?' },
  { side: 'me', text: 'Amazing, we made it to the top before the rain started' },
  { side: 'them', text: 'Which trail was it?' },
  { side: 'me', text: 'Mount Tam, the steep one' },
  { side: 'them', text: 'Jealous, I have never been up there. Is it hard?' },
  { side: 'me', text: 'A bit, but the view is worth it' },
];

async function main() {
  // More messages than fit: the screenshot is full from top to bottom, as a real one is.
  const screenshot = await drawChatScreenshot([...messages, ...messages, ...messages], {
    width: 1170,
    height: 2532,
  });
  const reader = new TesseractReader();
  try {
    let start = performance.now();
    const lines = await reader.read(screenshot, () => undefined);
    console.log(
      `first read (starts the worker): ${(performance.now() - start).toFixed(0)} ms, ${lines.length} messages`,
    );
    const times: number[] = [];
    // CPU time of the whole process (tesseract's worker thread included): on a shared machine the wall time
    // waits for the cores, the CPU time does not.
    const cpuBefore = process.cpuUsage();
    for (let run = 0; run < RUNS; run++) {
      start = performance.now();
      await reader.read(screenshot, () => undefined);
      times.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpuBefore);
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    console.log(
      `ocr 1170x2532 x${RUNS}: median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[RUNS - 1]!.toFixed(0)}); target < 1500 ms`,
    );
    console.log(`ocr CPU a read: ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(0)} ms`);
  } finally {
    await reader.close();
  }
}

void main();
