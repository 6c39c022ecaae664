import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testConfig } from './config';
import { loadRootEnvFile } from './env-file';

/** What a developer's `.env` might hold: every value differs from the test configuration's. */
const FILE_VALUES = {
  NODE_ENV: 'production',
  PORT: '9123',
  LOG_LEVEL: 'debug',
  DATABASE_IN_MEMORY: 'false',
  FREE_MESSAGES: '77',
  SYSTEM_NUMBER: '+15550109999',
};

describe('the root .env', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wingmate-env-file-'));
    const lines = Object.entries(FILE_VALUES).map(([name, value]) => `${name}=${value}`);
    writeFileSync(path.join(dir, '.env'), [...lines, 'WINGMATE_REAL=from the file', ''].join('\n'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // process.loadEnvFile writes the process's own environment, not the copy Jest gives a test file: a child reads it.
  it('is loaded into process.env under the real environment, and a missing one is no error', async () => {
    const script = `const { loadEnvFile } = require('./src/env-file.ts');
      const read = [loadEnvFile(process.argv[1]), loadEnvFile(process.argv[1] + '/none') ?? null];
      console.log(JSON.stringify({ read, port: process.env.PORT, real: process.env.WINGMATE_REAL }));`;
    const env = { PATH: process.env.PATH, WINGMATE_REAL: 'from the environment' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script, dir], {
      cwd: path.resolve(__dirname, '..'),
      env,
    });
    expect(JSON.parse(stdout)).toEqual({
      read: [path.join(dir, '.env'), null],
      port: '9123',
      real: 'from the environment',
    });
  });

  it('does not change the configuration of tests', () => {
    const before = testConfig();
    const saved = { ...process.env };
    Object.assign(process.env, FILE_VALUES);
    try {
      const after = testConfig();
      expect(after).toEqual(before);
      expect(after).toMatchObject({ env: 'test', port: 8000, logLevel: 'silent', inMemoryDatabase: true });
      expect(after.metering.freeMessages).toBe(5);
    } finally {
      for (const name of Object.keys(FILE_VALUES)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it('is not read by a server a test starts', () => {
    expect(process.env.JEST_WORKER_ID).toBeDefined();
    expect(loadRootEnvFile()).toBeUndefined();
  });
});
