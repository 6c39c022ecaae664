import { NO_OUTCOMES, outcomeCountsOf, successesOf, failuresOf, withOutcome } from './outcome-counts';

describe('counting outcomes (docs/product.md#what-do-i-answer)', () => {
  it('counts each suggestion by its latest mark, any outcome meaning it was sent', () => {
    expect(outcomeCountsOf(['replied', 'date_planned', 'no_reply', 'sent'])).toEqual({
      sent: 4,
      replied: 1,
      datePlanned: 1,
      noReply: 1,
    });
  });

  it('takes "replied" and "date planned" as successes and "no reply" as a failure', () => {
    const counts = outcomeCountsOf(['replied', 'date_planned', 'no_reply']);
    expect([successesOf(counts), failuresOf(counts)]).toEqual([2, 1]);
  });

  it('takes "sent" alone as neither, since the match may still answer', () => {
    const counts = withOutcome(NO_OUTCOMES, 'sent');
    expect([counts.sent, successesOf(counts), failuresOf(counts)]).toEqual([1, 0, 0]);
  });
});
