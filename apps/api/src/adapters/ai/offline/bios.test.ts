import { BIO_TONES } from '../ports';
import { BIO_MAX, bioToneOf, writeBio } from './bios';

const answers = [
  { question: 'What do you love doing?', text: 'Rock climbing, baking sourdough and bad puns' },
  { question: 'Ideal Sunday?', text: 'Farmers market then a nap' },
];

describe('offline dating bios (docs/decisions.md#chat-bio-and-profile-appsapi)', () => {
  it('writes a different bio in each tone', () => {
    const bios = BIO_TONES.map((tone) => writeBio({ answers, tone }));
    expect(new Set(bios).size).toBe(BIO_TONES.length);
  });

  it.each(BIO_TONES)('mentions the answers in the %s tone', (tone) => {
    expect(writeBio({ answers, tone })).toMatch(/rock climbing|baking sourdough|bad puns|farmers market/i);
  });

  it('keeps every bio within the length dating apps allow', () => {
    const long = [
      { question: 'Hobbies?', text: Array.from({ length: 50 }, (_, i) => `hobby number ${i}`).join(', ') },
    ];
    for (const tone of BIO_TONES)
      expect(writeBio({ answers: long, tone }).length).toBeLessThanOrEqual(BIO_MAX);
  });

  it('rewrites in the tone the instruction asks for ("make it funnier" is witty)', () => {
    expect(bioToneOf('make it funnier')).toBe('witty');
    const rewrite = writeBio({
      answers,
      tone: 'warm',
      currentText: 'I like climbing.',
      instruction: 'make it shorter',
    });
    expect(rewrite.length).toBeLessThanOrEqual(150);
  });

  it('adds what the instruction asks to mention', () => {
    expect(writeBio({ answers, tone: 'warm', instruction: 'mention my dog Rex' })).toContain('my dog Rex');
  });
});
