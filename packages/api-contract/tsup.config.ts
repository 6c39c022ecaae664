import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tools/tsup.library';

export default defineConfig(libraryBuild({ entry: ['src/index.ts', 'src/paths.ts', 'src/routes.ts'] }));
