import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';
import { recordBuildConfig } from './build/record-build-config.ts';
import { reportBudgets } from './build/report-budgets.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The workspace packages resolve to their sources, as in tsconfig.base.json, so no build is needed first. */
function workspaceAliases(): { find: RegExp; replacement: string }[] {
  const base = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(base.compilerOptions.paths).map(([name, targets]) => ({
    find: new RegExp(`^${name.replace(/[/.-]/g, '\\$&')}$`),
    replacement: path.join(root, targets[0] ?? name),
  }));
}

/**
 * The two variable fonts the first paint needs (Inter for text, Fraunces for headings, latin subset), preloaded
 * from the built page so they download in parallel with the JavaScript instead of after the CSS is parsed.
 */
function preloadFonts(): Plugin {
  const fontFile = /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;
  let base = '/';
  return {
    name: 'wingmate:preload-fonts',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => fontFile.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `${base}${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * React Router's package exports only its development build outside its own Vite plugin; the production build is
 * the same code with its development warnings off (route checks and `console.warn`s on every navigation), so the
 * built app takes that one.
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string }[] {
  const dist = path.join(root, 'node_modules/react-router/dist/production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadFonts(), recordBuildConfig(), reportBudgets(), precompress()],
  // `VITE_*` variables come from the product's one `.env` at the root (docs/running.md#the-env-file).
  envDir: root,
  resolve: {
    alias: [...workspaceAliases(), ...(command === 'build' ? reactRouterProductionBuild() : [])],
  },
  server: { port: 4200, strictPort: true, host: true },
  preview: { port: 4200, strictPort: true, host: true },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // Our design system has no side effects, so a page importing `Button` from `ui/index.ts` gets Button only,
      // never the dialog or toast code the index also exports.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/ui\/[^/]+\.tsx?$/.test(id) },
    },
  },
}));
