import { ROAST_INTENSITIES } from '@wingmate/api-contract';
import { roastIntensityChoices, roastIntensityWords } from './roast-intensity-words';

describe('roast intensity words', () => {
  it("offers every intensity of the contract once, in the contract's order, with its words", () => {
    expect(roastIntensityChoices.map((choice) => choice.value)).toEqual([...ROAST_INTENSITIES]);
    for (const choice of roastIntensityChoices) {
      expect(choice).toEqual({ value: choice.value, ...roastIntensityWords[choice.value] });
    }
  });
});
