import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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
 * Prints the budgets of screens.md after each build, measured on the built files with zlib: the JavaScript `/`
 * loads for its first paint (the entry, which holds the landing, and everything it imports statically), what follows it
 * (the client and stores), each lazy route's own JavaScript (what it adds over the entry and those services), and
 * the CSS. Over-budget figures are flagged, not fatal. `npm run bench -- web-size` prints the same from a build.
 */
function reportBudgets(): Plugin {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    name: 'wingmate:budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const gzipped = (file: Rollup.OutputChunk | Rollup.OutputAsset) =>
        gzipSync(file.type === 'chunk' ? file.code : file.source, { level: 9 }).length;
      const closure = (start: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const name of chunk.imports) visit(byName.get(name)!);
        };
        start.forEach(visit);
        return seen;
      };
      const total = (files: Iterable<string>) =>
        [...files].reduce((sum, name) => sum + gzipped(byName.get(name)!), 0);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // Every page loads the entry and, right after its first paint, the client and stores (main.tsx).
      const services = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/stores/web-services.ts'));
      const everyPage = closure([entry, ...(services ? [services] : [])]);
      const routeChunks = chunks.filter((chunk) =>
        /\/routes\/.+route\.tsx$/.test(chunk.facadeModuleId ?? ''),
      );
      // The landing is part of the entry (frame/routes.tsx), so `/` paints with the entry's closure.
      const home = closure([entry]);
      const css = Object.values(bundle)
        .filter((file) => file.fileName.endsWith('.css'))
        .reduce((sum, file) => sum + gzipped(file), 0);
      const line = (label: string, bytes: number, budget: number) =>
        `  ${label.padEnd(34)} ${kb(bytes).padStart(9)}  (budget ${budget} KB)${bytes > budget * 1024 ? '  OVER BUDGET' : ''}`;
      const lines = [
        'Budgets (gzip level 9, screens.md):',
        line('JavaScript for /', total(home), 120),
        `  / after first paint (client, stores) ${kb(total([...everyPage].filter((name) => !home.has(name)))).padStart(9)}`,
        line('CSS', css, 20),
        ...routeChunks.map((chunk) => {
          const own = [...closure([chunk])].filter((name) => !everyPage.has(name));
          const label = path.relative(
            path.join(import.meta.dirname, 'src'),
            chunk.facadeModuleId ?? chunk.name,
          );
          return line(`lazy ${label}`, total(own), 50);
        }),
      ];
      console.log(lines.join('\n'));
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
  plugins: [react(), tailwindcss(), preloadFonts(), reportBudgets()],
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
