// A lazy route's module is compiled by ts-jest on its first import, which can take seconds on a busy machine:
// `findBy...` waits up to 5 s instead of 1 s (a wait for a condition, never a sleep). Loaded after the test
// framework, so Testing Library also registers its cleanup after each test.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
