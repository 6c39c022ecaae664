// `findBy...` and `waitFor` wait for a condition and go on as soon as it holds; their deadline is only a hang
// detector, like Jest's limit (jest.config.cjs). A lazy route's module is compiled by ts-jest on its first import,
// which took more than 5 s on a fresh clone while the API and browser suites shared the machine, so the deadline is
// 100 s: under the test's 120 s, so a condition never met still fails with the element it waited for. Loaded after
// the test framework, so Testing Library also registers its cleanup after each test.
require('@testing-library/react').configure({ asyncUtilTimeout: 100_000 });
