import { TOP_UP_MAX, TOP_UP_MIN, topUpAmountProblem, type TopUpAmountProblem } from '@wingmate/core-sdk';

const problemWords: Record<TopUpAmountProblem, string> = {
  missing: 'Enter an amount.',
  not_dollars: 'Enter an amount in dollars, such as 20 or 12.50.',
  out_of_range: `Enter an amount from $${TOP_UP_MIN} to $${TOP_UP_MAX}.`,
};

/** What is wrong with a typed amount in words (core-sdk's rule), or null when it can be paid. */
export function amountError(text: string): string | null {
  const problem = topUpAmountProblem(text);
  return problem && problemWords[problem];
}
