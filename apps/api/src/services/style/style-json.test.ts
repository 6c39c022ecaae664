import { styleProfileFromJson, styleProfileJson } from './style-json';
import { styleProfileOf } from './style-profile';

describe('the style profile as the contract holds it (docs/product.md#sounds-like-me)', () => {
  const learnt = styleProfileOf(['heyy lol u free?? 😂', 'Sure!! see ya', 'ok...', 'tbh idk x']);

  it('writes every field in snake_case and reads it back unchanged', () => {
    const json = styleProfileJson(learnt);
    expect(json).toMatchObject({
      sample_count: 4,
      capitals: {
        starts_capital: learnt.capitals.startsCapital,
        all_lowercase: learnt.capitals.allLowercase,
      },
      endings: { double_exclamation: learnt.endings.doubleExclamation },
      question_rate: learnt.questionRate,
      sign_offs: { rate: learnt.signOffs.rate, words: [...learnt.signOffs.words] },
    });
    expect(styleProfileFromJson(json)).toEqual(learnt);
  });
});
