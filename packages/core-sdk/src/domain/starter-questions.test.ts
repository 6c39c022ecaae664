import { starterDraft } from './starter-questions';

describe('the first draft from the questions asked on the spot (docs/product.md#dating-bio-photos-profile, "with no bio yet")', () => {
  it('makes one sentence of each answer, the last led by "Looking for"', () => {
    expect(
      starterDraft({ work: 'nurse on night shifts', fun: 'Climbing and bad puns!', looking: 'someone kind' }),
    ).toBe('Nurse on night shifts. Climbing and bad puns! Looking for someone kind.');
  });

  it('leaves out what was not answered, and keeps an answer that already says "looking"', () => {
    expect(starterDraft({ work: '', fun: '  ', looking: 'Looking for a hiking partner' })).toBe(
      'Looking for a hiking partner.',
    );
    expect(starterDraft({ work: '', fun: '', looking: '' })).toBe('');
  });
});
