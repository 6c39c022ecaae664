/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The lint rule that keeps the client's flows in core-sdk (docs/architecture.md#stores-per-contract-group): the
// repository's own ESLint configuration, run on planted code as if it were a file under the routes. The planted code
// stands in for an existing file's text, under the configuration's syntax rules only: the rule reads no types, and
// building the web's whole program for the type-aware rules would cost each lint about 20 s.
const root = path.resolve(__dirname, '../../../..');

interface LintMessage {
  ruleId: string | null;
  line: number;
  fatal?: boolean;
  message: string;
}

/**
 * Lints each `{filePath, source}` of the JSON array on standard input as that file; prints ESLint's results, one
 * report a file, as JSON. One process for every case: loading the configuration is most of a lint's cost.
 */
const LINT_SCRIPT = `
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
const eslint = new ESLint({
  overrideConfig: [
    { ...tseslint.configs.disableTypeChecked, files: ['**/*.ts', '**/*.tsx'] },
    { rules: { '@nx/enforce-module-boundaries': 'off' } },
  ],
});
const reports = [];
for (const { filePath, source } of JSON.parse(readFileSync(0, 'utf8'))) {
  reports.push(await eslint.lintText(source, { filePath }));
}
process.stdout.write(JSON.stringify(reports));
`;

interface LintCase {
  readonly filePath: string;
  readonly source: string;
}

/** ESLint's results of each case, in order. */
function lintAll(cases: readonly LintCase[]): { messages: LintMessage[] }[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: root,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  }).toString();
  return JSON.parse(output) as { messages: LintMessage[] }[][];
}

/** The messages of the one file linted, from ESLint's results. */
function messagesOf(results: { messages: LintMessage[] }[]): LintMessage[] {
  const [file] = results;
  if (!file) throw new Error(`ESLint reported no file: ${JSON.stringify(results)}`);
  // A file that did not parse has no rule messages: an empty list would pass for "no SDK calls".
  const fatal = file.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`ESLint could not parse the planted code: ${fatal.message}`);
  return file.messages;
}

/** The lines where the rule against SDK calls fails, from one case's results. */
function sdkCallLines(results: { messages: LintMessage[] }[]): number[] {
  return messagesOf(results)
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map(({ line }) => line);
}

const planted = [
  "import { useClient, useServices } from '../../stores/services';",
  'export function usePlanted() {',
  '  const client = useClient();',
  "  void client.chat.sendMessage({ text: 'hi' });",
  '  const services = useServices();',
  '  void services.client.auth.getUserInfo();',
  '  void services.client.plans.loadRegular();',
  '  void client.session.loadUser();',
  '}',
  '',
].join('\n');

const storesOnly = planted
  .split('\n')
  .filter((_, index) => ![2, 3, 5].includes(index))
  .join('\n');

const cases = {
  plantedInRoutes: { filePath: 'apps/web/src/routes/chat/photo.ts', source: planted },
  storesOnlyInRoutes: { filePath: 'apps/web/src/routes/chat/photo.ts', source: storesOnly },
  plantedInATest: { filePath: 'apps/web/src/routes/chat/photo.test.ts', source: planted },
  plantedOutsideRoutes: { filePath: 'apps/web/src/stores/funnel.ts', source: planted },
} satisfies Record<string, LintCase>;

describe('the rule against SDK calls under apps/web/src/routes', () => {
  const lines = {} as Record<keyof typeof cases, number[]>;
  beforeAll(() => {
    const names = Object.keys(cases) as (keyof typeof cases)[];
    const reports = lintAll(names.map((name) => cases[name]));
    names.forEach((name, index) => (lines[name] = sdkCallLines(reports[index] ?? [])));
  }, 120_000);

  it('fails useClient() and a resource call through the client or the services', () => {
    expect(lines.plantedInRoutes).toEqual([3, 4, 6]);
  });

  it('leaves core-sdk stores (plans, session) alone', () => {
    expect(lines.storesOnlyInRoutes).toEqual([]);
  });

  it('does not apply to tests, which drive the fake client, nor outside the routes', () => {
    expect(lines.plantedInATest).toEqual([]);
    expect(lines.plantedOutsideRoutes).toEqual([]);
  });
});
