import type { Plugin } from 'vite';

/** Where the build writes its configuration; the API's production start reads it (apps/api/src/plugins/web-app.ts). */
export const BUILD_CONFIG_FILE = 'build-config.json';

/**
 * Writes the build's `VITE_*` values (only those set) to `dist/build-config.json`, so the server that serves this
 * build knows which outside services the page will load (the tag manager, Stripe, analytics, Google and Apple
 * sign-in) and allows exactly those in its Content-Security-Policy
 * (docs/decisions.md#content-security-policy-of-the-production-start).
 * They are public already: the bundle carries every one of them.
 */
export function recordBuildConfig(): Plugin {
  let values: Record<string, string> = {};
  return {
    name: 'wingmate:build-config',
    apply: 'build',
    configResolved(config) {
      values = publicValues(config.env);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_CONFIG_FILE,
        source: `${JSON.stringify(values, null, 2)}\n`,
      });
    },
  };
}

/** The `VITE_*` values of `env` that hold something, by name. */
export function publicValues(env: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith('VITE_') && typeof value === 'string' && value.trim() !== '')
      .map(([name, value]): [string, string] => [name, String(value).trim()])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
