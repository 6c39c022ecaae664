import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** The workspace packages resolve to their sources, as in tsconfig.base.json, so no build is needed first. */
function workspaceAliases(): { find: RegExp; replacement: string }[] {
  const base = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(base.compilerOptions.paths).map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[/.-]/g, '\\$&')}$`),
    replacement: path.join(root, target),
  }));
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAliases() },
  server: { port: 4200, strictPort: true, host: true },
  preview: { port: 4200, strictPort: true, host: true },
  build: { outDir: 'dist', sourcemap: true },
});
