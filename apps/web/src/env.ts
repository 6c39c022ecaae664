import { readWebConfig } from './config';

declare global {
  interface Window {
    /** Values set by the server that serves the page, over the build's (one build, many environments). */
    __WINGMATE_CONFIG__?: Record<string, string | undefined>;
  }
}

/** The configuration of this page: the build's `VITE_*` values, overridden by what the host page injects. */
export const webConfig = readWebConfig({
  ...(import.meta.env as unknown as Record<string, string | undefined>),
  ...(typeof window === 'undefined' ? {} : window.__WINGMATE_CONFIG__),
});
