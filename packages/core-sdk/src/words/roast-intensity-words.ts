import type { RoastIntensity } from '@wingmate/api-contract';

/** How each roast intensity reads where it is offered and on a saved roast (docs/product.md#roasts). */
export interface RoastIntensityWords {
  /** The choice's name: "Brutal". */
  readonly name: string;
  /** One line saying what the choice means. */
  readonly meaning: string;
  /** On a roast the wingmate wrote at it: "Brutal roast". */
  readonly label: string;
}

/** The intensities in the order they are offered, each with its words. */
export const roastIntensityWords: Readonly<Record<RoastIntensity, RoastIntensityWords>> = {
  gentle: { name: 'Gentle', meaning: 'Kind teasing, with encouragement.', label: 'Gentle roast' },
  honest: {
    name: 'Honest',
    meaning: 'Direct about what does not work, with a tip for each point.',
    label: 'Honest roast',
  },
  brutal: {
    name: 'Brutal',
    meaning: 'Blunt about the choices in your bio and photos; never about who you are.',
    label: 'Brutal roast',
  },
};

/** The intensities as a screen offers them, in order: each value with its words. */
export const roastIntensityChoices: readonly ({ readonly value: RoastIntensity } & RoastIntensityWords)[] = (
  Object.keys(roastIntensityWords) as RoastIntensity[]
).map((value) => ({ value, ...roastIntensityWords[value] }));
