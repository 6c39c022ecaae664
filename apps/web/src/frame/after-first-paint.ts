import { whenRevealed } from './fonts';

/** What `afterFirstPaint` reads from the page; tests pass fakes. */
export interface PaintSignals {
  /** Resolves when the page's files are loaded (`load`). */
  loaded(): Promise<void>;
  /** Resolves when the body is shown (fonts in, or index.html's 1 s fallback). */
  revealed(): Promise<void>;
  /** Resolves when the browser reports the largest paint so far (or its first contentful paint), if it can. */
  painted(): Promise<void>;
  /** Runs `callback` when the main thread is idle. */
  idle(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): unknown;
}

/** How long to wait for a paint report from a browser that has paint timing but never sends one. */
export const PAINT_REPORT_TIMEOUT_MS = 3000;

/**
 * Runs `start` once the first page is up and its largest paint has been drawn: loaded, shown, painted, idle. Work
 * started earlier (the services' chunk and its start-up) would share the network and the main thread with that
 * paint and make it later (Lighthouse counts every script fetched before the largest paint).
 */
export function afterFirstPaint(start: () => void, signals: PaintSignals = browserPaintSignals()): void {
  const painted = Promise.race([
    signals.painted(),
    new Promise<void>((resolve) => signals.setTimeout(resolve, PAINT_REPORT_TIMEOUT_MS)),
  ]);
  void Promise.all([signals.loaded(), signals.revealed(), painted]).then(() => signals.idle(start));
}

function paintReported(): Promise<void> {
  const supported = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  const type = supported.includes('largest-contentful-paint')
    ? 'largest-contentful-paint'
    : supported.includes('paint')
      ? 'paint'
      : null;
  if (!type) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

export function browserPaintSignals(): PaintSignals {
  return {
    loaded: () =>
      document.readyState === 'complete'
        ? Promise.resolve()
        : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true })),
    revealed: () => whenRevealed(),
    painted: paintReported,
    idle: (callback) =>
      'requestIdleCallback' in window
        ? requestIdleCallback(callback, { timeout: 1000 })
        : setTimeout(callback, 0),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  };
}
