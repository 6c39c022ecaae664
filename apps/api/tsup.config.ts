import { cp } from 'node:fs/promises';
import { defineConfig } from 'tsup';

// The server ships as one CommonJS bundle with its SQL migrations beside it. Workspace packages and the
// ESM-only typebox are bundled in; other dependencies stay in node_modules.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  noExternal: [/^@wingmate\//, 'typebox'],
  onSuccess: async () => {
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
