// A warning or error on the console fails the test that printed it, unless the test expects it
// (docs/testing.md#console-output). React's warnings (a duplicate key, an update outside act), the SDK logger's and
// jsdom's all go through console.error and console.warn, so none passes unseen in a green run. The call is recorded
// and the test fails after it ends, rather than throwing where it was made: code under test that catches errors
// (a logger called inside a try) would otherwise take a different path than it does in the app.
const { format } = require('node:util');

const guarded = ['error', 'warn'];
const unexpected = [];
const guards = Object.fromEntries(
  guarded.map((method) => [
    method,
    (...args) => {
      const stack = new Error().stack.split('\n').slice(2).join('\n');
      unexpected.push(`console.${method}: ${format(...args)}\n${stack}`);
    },
  ]),
);

function install() {
  // A test's spy (jest.spyOn(console, 'warn')) replaces the guard for that test only.
  for (const method of guarded) console[method] = guards[method];
}

function reportUnexpected(when) {
  if (unexpected.length === 0) return;
  const calls = unexpected.splice(0);
  throw new Error(
    `${calls.length} unexpected console call(s) ${when}; a test that expects one spies on it ` +
      `(docs/testing.md#console-output):\n\n${calls.join('\n\n')}`,
  );
}

install();
afterEach(() => {
  install();
  reportUnexpected('during this test');
});
afterAll(() => reportUnexpected('after the last test'));
