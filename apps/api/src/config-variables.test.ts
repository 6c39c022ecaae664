import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadConfig } from './config';
import { EnvSchema } from './config-env';
import { API_VARIABLES } from './config-variables';
import { REPOSITORY_ROOT } from './env-file';

describe('the table of variables', () => {
  it('documents every variable the schema checks, in the same set', () => {
    expect(Object.keys(API_VARIABLES).sort()).toEqual(Object.keys(EnvSchema.properties).sort());
  });

  it('gives the defaults the configuration falls back to', () => {
    const unset = loadConfig({ DATABASE_IN_MEMORY: 'true' });
    const fromTable = loadConfig(
      Object.fromEntries(
        Object.entries(API_VARIABLES).flatMap(([name, variable]) =>
          'default' in variable && name !== 'DATABASE_IN_MEMORY' ? [[name, variable.default]] : [],
        ),
      ),
    );
    expect({ ...fromTable, inMemoryDatabase: true, jwtSecret: '' }).toEqual({ ...unset, jwtSecret: '' });
  });

  it('is what .env.example says', async () => {
    // node with tsx's loader, as `npm run env-example` runs the generator; on a difference it fails and says how to
    // write the file again.
    const check = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'tools/write-env-example.ts', '--check'],
      { cwd: REPOSITORY_ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    await expect(check).resolves.toBeDefined();
  });
});
