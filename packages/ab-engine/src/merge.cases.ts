import type { Assignments, MergedAssignments } from './merge';

export interface MergeCase {
  readonly rule: string;
  readonly stored: Assignments;
  readonly server: Assignments;
  readonly expected: MergedAssignments;
}

/** docs/product.md#ab-test-assignments: stored and server values, and what the engine keeps and creates. */
export const mergeCases: readonly MergeCase[] = [
  {
    rule: 'stored only: kept, and created on the server from the stored value',
    stored: { abtest_homepage: 'chat_first' },
    server: {},
    expected: {
      effective: { abtest_homepage: 'chat_first' },
      toCreate: [{ name: 'abtest_homepage', value: 'chat_first' }],
    },
  },
  {
    rule: 'server only: the server value is taken, nothing is created',
    stored: {},
    server: { abtest_homepage: 'control' },
    expected: { effective: { abtest_homepage: 'control' }, toCreate: [] },
  },
  {
    rule: 'both equal: kept, nothing is created',
    stored: { abtest_homepage: 'control' },
    server: { abtest_homepage: 'control' },
    expected: { effective: { abtest_homepage: 'control' }, toCreate: [] },
  },
  {
    rule: 'both different: the server value overwrites the stored one, nothing is created',
    stored: { abtest_homepage: 'chat_first' },
    server: { abtest_homepage: 'control' },
    expected: { effective: { abtest_homepage: 'control' }, toCreate: [] },
  },
  {
    rule: 'neither: left unassigned (the engine assigns it by hash)',
    stored: {},
    server: {},
    expected: { effective: {}, toCreate: [] },
  },
  {
    rule: 'every rule at once, one test each',
    stored: { abtest_homepage: 'chat_first', abtest_redirect: 'chat', abtest_offer: 'trial' },
    server: { abtest_redirect: 'chat', abtest_offer: 'control', abtest_verification: 'after_free' },
    expected: {
      effective: {
        abtest_homepage: 'chat_first',
        abtest_redirect: 'chat',
        abtest_offer: 'control',
        abtest_verification: 'after_free',
      },
      toCreate: [{ name: 'abtest_homepage', value: 'chat_first' }],
    },
  },
];
