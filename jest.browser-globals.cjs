// jsdom lacks TextEncoder/TextDecoder, which every browser has; typebox needs them when it loads, so tests in the
// jsdom environment get Node's implementations.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
