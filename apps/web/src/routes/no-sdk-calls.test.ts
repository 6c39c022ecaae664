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

/** Lints standard input as the file named by the first argument; prints ESLint's results as JSON. */
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
const results = await eslint.lintText(readFileSync(0, 'utf8'), { filePath: process.argv[1] });
process.stdout.write(JSON.stringify(results));
`;

/** ESLint's JSON report of `source` linted as `filePath`. */
function lintAs(filePath: string, source: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, filePath], {
    cwd: root,
    input: source,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  }).toString();
}

/** The messages of the one file linted, from ESLint's JSON report. */
function messagesOf(report: string): LintMessage[] {
  const [file] = JSON.parse(report) as { messages: LintMessage[] }[];
  if (!file) throw new Error(`ESLint reported no file: ${report}`);
  // A file that did not parse has no rule messages: an empty list would pass for "no SDK calls".
  const fatal = file.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`ESLint could not parse the planted code: ${fatal.message}`);
  return file.messages;
}

/** The lines where the rule against SDK calls fails `source`, linted as `filePath`. */
function sdkCallLines(filePath: string, source: string): number[] {
  return messagesOf(lintAs(filePath, source))
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

describe('the rule against SDK calls under apps/web/src/routes', () => {
  it('fails useClient() and a resource call through the client or the services', () => {
    expect(sdkCallLines('apps/web/src/routes/chat/photo.ts', planted)).toEqual([3, 4, 6]);
  });

  it('leaves core-sdk stores (plans, session) alone', () => {
    const storesOnly = planted
      .split('\n')
      .filter((_, index) => ![2, 3, 5].includes(index))
      .join('\n');
    expect(sdkCallLines('apps/web/src/routes/chat/photo.ts', storesOnly)).toEqual([]);
  });

  it('does not apply to tests, which drive the fake client, nor outside the routes', () => {
    expect(sdkCallLines('apps/web/src/routes/chat/photo.test.ts', planted)).toEqual([]);
    expect(sdkCallLines('apps/web/src/stores/funnel.ts', planted)).toEqual([]);
  });
});
