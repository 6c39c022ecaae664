import { CHAT_TONES } from '@wingmate/api-contract';
import { chatModeChoices, chatModeWords, chatToneChoices } from './reply-helper-words';
import { toneWords } from './style-words';

describe('reply helper words', () => {
  it('offers every mode once, in the order the chat has always offered them, with its words', () => {
    expect(chatModeChoices).toEqual([
      { value: 'opener', label: 'An opener' },
      { value: 'reply', label: 'A reply to my match' },
      { value: 'ask_for_date', label: 'Asking for the date' },
    ]);
    for (const choice of chatModeChoices) expect(choice.label).toBe(chatModeWords[choice.value]);
  });

  it("offers every tone of the contract once, in the contract's order, named as a suggestion names it", () => {
    expect(chatToneChoices.map((choice) => choice.value)).toEqual([...CHAT_TONES]);
    for (const choice of chatToneChoices) expect(choice.label).toBe(toneWords[choice.value]);
    expect(chatToneChoices.map((choice) => choice.label)).toEqual([
      'Playful',
      'Flirty',
      'Witty',
      'Sincere',
      'Confident',
    ]);
  });
});
