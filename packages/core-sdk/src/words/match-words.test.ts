import { importAnnouncement, matchFieldProblems, memoryUsedWords, screenshotProblemOf } from './match-words';

describe("a match's fields are checked before sending (docs/decisions.md#matches)", () => {
  it('needs a name on a new match, and holds each field to its length', () => {
    expect(matchFieldProblems({ name: ' ' }, { isNew: true })).toEqual({ name: 'Give the match a name.' });
    expect(matchFieldProblems({ name: 'x'.repeat(81), notes: 'x'.repeat(2001) })).toEqual({
      name: 'The name can be at most 80 characters.',
      notes: 'The notes can be at most 2,000 characters.',
    });
    expect(matchFieldProblems({ where_met: 'x'.repeat(80) })).toEqual({});
  });
});

describe('screenshots are checked before sending (docs/product.md#screenshots-to-a-conversation)', () => {
  it('takes a PNG, JPEG or WebP of at most 10 MB', () => {
    expect(screenshotProblemOf({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBeNull();
    expect(screenshotProblemOf({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('too-large');
    expect(screenshotProblemOf({ type: 'image/heic', size: 10 })).toBe('not-an-image');
  });

  it('announces the step a screen reader hears', () => {
    expect(importAnnouncement({ step: 'reading', number: 2, of: 3, percent: 40 })).toBe(
      'Reading screenshot 2 of 3, 40 %',
    );
    expect(importAnnouncement({ step: 'ready', screenshots: 1, lines: 12 })).toBe(
      'Read 1 screenshot: 12 lines to check.',
    );
  });
});

describe('what a reply used reads the same in every app (docs/product.md#how-a-matchs-memory-works)', () => {
  const nothing = {
    profile_answers: 0,
    match_profile: false,
    notes: false,
    summary: false,
    facts: [],
    transcript_lines: 0,
    chat_messages: 0,
  };

  it('names each part it read, counting facts, lines and messages', () => {
    expect(
      memoryUsedWords({ ...nothing, match_profile: true, notes: true, facts: [4, 9], transcript_lines: 12 }),
    ).toBe('Used: their profile, notes, 2 facts, last 12 lines');
    expect(memoryUsedWords({ ...nothing, profile_answers: 3, facts: [1], chat_messages: 1 })).toBe(
      'Used: your profile, 1 fact, 1 earlier message',
    );
  });

  it('says so when nothing was remembered yet', () => {
    expect(memoryUsedWords(nothing)).toBe('Used: nothing remembered yet');
  });
});
