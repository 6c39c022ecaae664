import { profileOf, styleOf, toneOf, whatWorksOf } from '../stores/style-fixtures';
import {
  markedWords,
  soundsLikeYouWords,
  styleSourceWords,
  suggestionActionName,
  suggestionOrdinals,
  toneOutcomeWords,
  whatWorksCard,
} from './style-words';

describe('a suggestion reads the same in every app (docs/product.md#sounds-like-me)', () => {
  it('scores it against the person’s style, and says nothing before they have one', () => {
    expect(soundsLikeYouWords(82)).toBe('Sounds like you: 82');
    expect(soundsLikeYouWords(null)).toBeNull();
  });

  it('shows what it was marked with: the outcome, or that it was sent', () => {
    expect(markedWords({ sent: true, outcome: 'no_reply' })).toBe('No reply');
    expect(markedWords({ sent: true, outcome: null })).toBe('Sent');
    expect(markedWords(undefined)).toBeNull();
  });

  it('names each button by the tone and kind of the suggestion it acts on', () => {
    const opener = { kind: 'opener', tone: 'witty' } as const;
    expect(suggestionActionName('copy', opener)).toBe('Copy the witty opener');
    expect(suggestionActionName('sent', opener)).toBe('Mark the witty opener sent');
    expect(suggestionActionName('replied', opener)).toBe('They replied to the witty opener');
    expect(suggestionActionName('no_reply', { kind: 'bio_line', tone: 'sincere' })).toBe(
      'No reply to the sincere bio line',
    );
    expect(suggestionActionName('date_planned', { kind: 'reply', tone: 'playful' })).toBe(
      'Date planned from the playful reply',
    );
  });

  it('tells apart suggestions of one tone and kind by their order, and only them', () => {
    const offered = [
      { kind: 'reply', tone: 'playful' },
      { kind: 'reply', tone: 'sincere' },
      { kind: 'reply', tone: 'playful' },
    ] as const;
    const ordinals = suggestionOrdinals(offered);
    expect(ordinals).toEqual([0, undefined, 1]);
    expect(offered.map((each, index) => suggestionActionName('sent', each, ordinals[index]))).toEqual([
      'Mark the first playful reply sent',
      'Mark the sincere reply sent',
      'Mark the second playful reply sent',
    ]);
  });
});

describe('where the style came from (docs/product.md#sounds-like-me)', () => {
  it('counts the messages it was learnt from, and says when the person edited it', () => {
    expect(styleSourceWords(styleOf(profileOf(), { sample_count: 1_200, edited: true }))).toBe(
      'Learnt from 1,200 messages, edited by you',
    );
    expect(styleSourceWords(styleOf(null))).toBe(
      'No messages yet. Paste some of yours, or learn from a match.',
    );
  });
});

describe('the "What works for you" card (docs/product.md#what-works-for-you)', () => {
  it('says how many of a tone’s suggestions sent got a reply, a date planned counting as one', () => {
    expect(toneOutcomeWords(toneOf('playful', { sent: 6, replied: 4, no_reply: 2 }))).toBe(
      'Playful: 4 of 6 got a reply',
    );
    expect(toneOutcomeWords(toneOf('sincere', { sent: 5, replied: 1, date_planned: 2 }))).toBe(
      'Sincere: 3 of 5 got a reply, 2 dates planned',
    );
  });

  it('shows the kinds and tones the person sent, in the order offered, and none before any', () => {
    const whatWorks = whatWorksOf(
      { kind: 'opener', tones: [toneOf('witty', { everyone_rate: 0.4 })] },
      {
        kind: 'reply',
        tones: [
          toneOf('confident', { sent: 2, replied: 2 }),
          toneOf('flirty'),
          toneOf('playful', { sent: 1 }),
        ],
      },
    );
    expect(whatWorksCard(whatWorks)).toEqual([
      { heading: 'Replies', lines: ['Confident: 2 of 2 got a reply', 'Playful: 0 of 1 got a reply'] },
    ]);
    expect(whatWorksCard(whatWorksOf())).toEqual([]);
  });
});
