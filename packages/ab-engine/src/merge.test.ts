import { mergeAssignments, toAssignments } from './merge';
import { mergeCases } from './merge.cases';

describe('mergeAssignments (docs/product.md#ab-test-assignments: stored merged with server, server wins)', () => {
  it.each(mergeCases.map((testCase) => [testCase.rule, testCase] as const))('%s', (_rule, testCase) => {
    expect(mergeAssignments(testCase.stored, testCase.server)).toEqual(testCase.expected);
  });

  it('leaves its inputs untouched', () => {
    const stored = Object.freeze({ abtest_homepage: 'chat_first' });
    const server = Object.freeze({ abtest_homepage: 'control' });
    mergeAssignments(stored, server);
    expect(stored).toEqual({ abtest_homepage: 'chat_first' });
    expect(server).toEqual({ abtest_homepage: 'control' });
  });
});

describe('toAssignments (docs/product.md#ab-test-assignments: the server answers a list of name/value pairs)', () => {
  it('turns the list into a record, a later pair for one name winning', () => {
    expect(
      toAssignments([
        { name: 'abtest_homepage', value: 'control' },
        { name: 'abtest_offer', value: 'trial' },
        { name: 'abtest_homepage', value: 'chat_first' },
      ]),
    ).toEqual({ abtest_homepage: 'chat_first', abtest_offer: 'trial' });
  });
});
