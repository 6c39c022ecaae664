import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

/** The budgets of docs/web.md#budgets, gzipped: JavaScript for `/`, each lazy route's own JavaScript, the CSS. */
export const BUDGET_KB = { home: 120, route: 50, css: 20 };

/** A lazy route is a `*route.tsx` module; the other lazy parts of src/routes and src/ui load on demand inside a page. */
const isRoute = (module: string) => /route\.tsx$/.test(module);
const isLazyPageCode = (module: string) => /\/src\/(routes|ui)\/.+\.tsx$/.test(module);

/**
 * Prints the budgets of docs/web.md#budgets after each build (`npm run bench -- web-size` is a build that only prints
 * them), measured on the built files with zlib at level 9: the JavaScript `/` loads for its first paint (the
 * entry, which holds the landing, and everything it imports statically), what follows it (the client and
 * stores), the CSS, and each lazy route's own JavaScript (what it adds over the entry and those services). The
 * lazy parts of a route's folder that a page loads on demand (the phone dialog's libphonenumber, Stripe's form)
 * are printed without a budget.
 * Over-budget figures are flagged, not fatal.
 */
export function reportBudgets(): Plugin {
  let webRoot = process.cwd();
  return {
    name: 'wingmate:budgets',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    // Once the files are final: Vite's own post-build hooks still add to the chunks in `generateBundle` (the
    // list of a dynamic import's dependencies, `__vite__mapDeps`).
    writeBundle(_options, bundle) {
      console.log(budgetLines(Object.values(bundle), webRoot).join('\n'));
    },
  };
}

function budgetLines(files: (Rollup.OutputChunk | Rollup.OutputAsset)[], webRoot: string): string[] {
  const chunks = files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipped = (file: Rollup.OutputChunk | Rollup.OutputAsset) =>
    gzipSync(file.type === 'chunk' ? file.code : file.source, { level: 9 }).length;
  /** The chunks and everything they import statically: what the browser fetches before running them. */
  const closure = (start: Rollup.OutputChunk[], seen = new Set<string>()) => {
    for (const chunk of start) {
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      closure(
        chunk.imports.map((name) => byName.get(name)!),
        seen,
      );
    }
    return seen;
  };
  const bytes = (names: Iterable<string>) =>
    [...names].reduce((sum, name) => sum + gzipped(byName.get(name)!), 0);
  const without = (names: Set<string>, loaded: Set<string>) => [...names].filter((name) => !loaded.has(name));

  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return [];
  // The landing is part of the entry (frame/routes.tsx); every page loads the client and stores after its first
  // paint (main.tsx), and routes wait for them, so a route's own JavaScript is what it adds over both.
  const home = closure([entry]);
  // The services' chunk imports the SDK's and the stores' chunks itself, one after the other (web-services.ts).
  const servicesEntry = chunks.filter((chunk) => chunk.facadeModuleId?.endsWith('/stores/web-services.ts'));
  const services = servicesEntry.flatMap((chunk) => [
    chunk,
    ...chunk.dynamicImports.map((name) => byName.get(name)!),
  ]);
  const everyPage = closure([entry, ...services]);
  const css = files
    .filter((file) => file.fileName.endsWith('.css'))
    .reduce((sum, file) => sum + gzipped(file), 0);
  const lazy = chunks
    .filter((chunk) => chunk.isDynamicEntry && isLazyPageCode(chunk.facadeModuleId ?? ''))
    .map((chunk) => ({ chunk, module: path.relative(webRoot, chunk.facadeModuleId!) }))
    .sort((a, b) => a.module.localeCompare(b.module));

  const kb = (count: number) => `${(count / 1024).toFixed(1)} KB`;
  const line = (label: string, count: number, budget?: number) =>
    `  ${label.padEnd(52)} ${kb(count).padStart(9)}${budget ? `  (budget ${budget} KB)` : ''}${
      budget && count > budget * 1024 ? '  OVER BUDGET' : ''
    }`;
  return [
    'Budgets (gzip level 9, docs/web.md#budgets):',
    line('/ first paint (entry + imports)', bytes(home), BUDGET_KB.home),
    line('/ after first paint (client and stores)', bytes(without(everyPage, home))),
    line('CSS', css, BUDGET_KB.css),
    ...lazy.map(({ chunk, module }) =>
      line(
        `${isRoute(module) ? 'lazy' : 'on demand'} ${module.replace(/^src\//, '')}`,
        bytes(without(closure([chunk]), everyPage)),
        isRoute(module) ? BUDGET_KB.route : undefined,
      ),
    ),
  ];
}
