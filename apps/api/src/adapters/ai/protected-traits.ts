/**
 * What a roast never mentions, at any intensity (docs/product.md#roasts): who the person is, as opposed to the
 * choices they made in their bio and photos. The configured model's prompt lists these as forbidden, and the
 * offline engine neither writes them nor quotes a line of the bio that names one.
 */
export const PROTECTED_TRAITS = [
  'race',
  'ethnicity',
  'skin colour',
  'nationality',
  'religion',
  'caste',
  'gender',
  'gender identity',
  'sexual orientation',
  'age',
  'disability',
  'health',
  'mental health',
  'pregnancy',
  'marital status',
  'body',
  'weight',
  'height',
  'looks',
  'appearance',
  'attractiveness',
  'clothing size',
  'accent',
] as const;

/** A word of the list, alone or in its plural (so "bodies" and "looks" match, "nobody" and "message" do not). */
const PATTERN = new RegExp(
  `\\b(${PROTECTED_TRAITS.map((trait) => trait.replace(/ /g, '\\s+')).join('|')}|bodies|ages)s?\\b`,
  'i',
);

/** The first protected trait `text` names, if any. */
export function protectedTraitIn(text: string): string | undefined {
  return PATTERN.exec(text)?.[0];
}
