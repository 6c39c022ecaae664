/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The lint rule that keeps the client's flows in core-sdk (docs/architecture.md#stores-per-contract-group): the
// repository's own ESLint configuration, run on planted code as if it were a file under the routes. The planted code
// stands in for an existing file's text: the type-aware rules parse only files a tsconfig holds, so a made-up name
// would not parse at all.
const root = path.resolve(__dirname, '../../../..');

interface LintMessage {
  ruleId: string | null;
  line: number;
  fatal?: boolean;
  message: string;
}

/** ESLint's JSON report of `source` linted as `filePath`. */
function lintAs(filePath: string, source: string): string {
  return execFileSync(
    path.join(root, 'node_modules/.bin/eslint'),
    [
      '--stdin',
      '--stdin-filename',
      filePath,
      '--format',
      'json',
      '--rule',
      '@nx/enforce-module-boundaries: off',
    ],
    { cwd: root, input: source, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] },
  ).toString();
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

/** Lints without failing the command: ESLint exits 1 when it finds errors, with the JSON on stdout all the same. */
function sdkCallLines(filePath: string, source: string): number[] {
  let report: string;
  try {
    report = lintAs(filePath, source);
  } catch (failure) {
    ({ stdout: report } = failure as { stdout: string });
  }
  return messagesOf(report)
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
