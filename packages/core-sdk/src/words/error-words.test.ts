import { tooManyTriesWords, unreachableWords, waitSecondsOf, wordsFor, type Flow } from './error-words';
import { wordsCases } from './error-words.cases';

describe('wordsFor (docs/product.md#words-for-failures: one catalogue of what a person reads)', () => {
  it.each(wordsCases.map((testCase) => [testCase.rule, testCase] as const))('%s', (_rule, testCase) => {
    expect(wordsFor(testCase.error, testCase.flow)).toBe(testCase.words);
  });
});

describe('unreachableWords: one sentence for a server not reached, in every flow', () => {
  it('starts every flow’s words with the same sentence', () => {
    const flows: Flow[] = ['general', 'auth', 'account', 'checkout', 'chat', 'roast', 'match', 'style'];
    for (const flow of flows) {
      expect(unreachableWords(flow)).toMatch(
        /^We could not reach Wingmate\. Check your connection and try again\./,
      );
    }
  });
});

describe('the wait of a throttled answer', () => {
  it('reads the seconds of the detail', () => {
    expect(waitSecondsOf('Request was throttled. Expected available in 17 seconds.')).toBe(17);
    expect(waitSecondsOf('Request was throttled.')).toBeNull();
  });

  it('says seconds under a minute, and whole minutes rounded up from there', () => {
    expect(tooManyTriesWords('Expected available in 1 second.')).toBe(
      'Too many tries. Please wait 1 second and try again.',
    );
    expect(tooManyTriesWords('Expected available in 45 seconds.')).toBe(
      'Too many tries. Please wait 45 seconds and try again.',
    );
    expect(tooManyTriesWords('Expected available in 60 seconds.')).toBe(
      'Too many tries. Please wait 1 minute and try again.',
    );
  });

  it('gives no words for a wait of nothing', () => {
    expect(tooManyTriesWords('Expected available in 0 seconds.')).toBeNull();
  });
});
