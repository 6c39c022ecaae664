import { whatWorksFor } from './what-works';

describe('"What works for you" (docs/product.md#what-do-i-answer)', () => {
  it("shows, per tone, the person's outcomes and rates beside everyone's, the best expected rate first", () => {
    const results = whatWorksFor(
      {
        playful: { sent: 12, replied: 2, datePlanned: 0, noReply: 8 },
        sincere: { sent: 6, replied: 3, datePlanned: 2, noReply: 1 },
      },
      {
        playful: { sent: 500, replied: 180, datePlanned: 20, noReply: 200 },
        sincere: { sent: 300, replied: 60, datePlanned: 0, noReply: 140 },
        confident: { sent: 100, replied: 50, datePlanned: 0, noReply: 30 },
      },
    );
    expect(results).toEqual([
      {
        tone: 'confident',
        sent: 0,
        replied: 0,
        datePlanned: 0,
        noReply: 0,
        replyRate: null,
        expectedRate: 0.625,
        everyoneRate: 0.625,
      },
      {
        tone: 'sincere',
        sent: 6,
        replied: 3,
        datePlanned: 2,
        noReply: 1,
        replyRate: 5 / 6,
        expectedRate: 0.5,
        everyoneRate: 0.3,
      },
      {
        tone: 'playful',
        sent: 12,
        replied: 2,
        datePlanned: 0,
        noReply: 8,
        replyRate: 0.2,
        expectedRate: 0.35,
        everyoneRate: 0.5,
      },
    ]);
  });

  it('shows nothing before anyone has sent anything, and an even expectation before any outcome', () => {
    expect(whatWorksFor({}, {})).toEqual([]);
    expect(whatWorksFor({ witty: { sent: 2, replied: 0, datePlanned: 0, noReply: 0 } }, {})).toEqual([
      {
        tone: 'witty',
        sent: 2,
        replied: 0,
        datePlanned: 0,
        noReply: 0,
        replyRate: null,
        expectedRate: 0.5,
        everyoneRate: null,
      },
    ]);
  });
});
