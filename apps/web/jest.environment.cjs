// jsdom without the fetch family: the data router builds a `Request` for every navigation. Node's own classes
// are lent to the jsdom window, with Node's AbortController so a router signal fits Node's Request.
const { TestEnvironment } = require('jest-environment-jsdom');

const lent = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'FormData',
  'ReadableStream',
  'AbortController',
  'AbortSignal',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of lent) {
      if (name === 'AbortController' || name === 'AbortSignal' || this.global[name] === undefined) {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = JsdomWithFetch;
