import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tools/tsup.library';

export default defineConfig(libraryBuild());
