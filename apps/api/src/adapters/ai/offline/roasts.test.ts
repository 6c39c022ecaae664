import { ROAST_INTENSITIES, type RoastIntensity } from '@wingmate/api-contract';
import type { RoastRequest } from '../ports';
import { roastMessages } from '../prompts';
import { PROTECTED_TRAITS, protectedTraitIn } from '../protected-traits';
import { ROAST_MATERIAL, ROAST_MAX, writeRoast } from './roasts';

const bio = 'I love travel, pizza, Netflix and my dog. Looking for my partner in crime.';
const darkAndFar = {
  count: 2,
  review: {
    summary: 'A decent start: 2 photos reviewed, average score 58/100.',
    tips: ['Add 1 more photo: profiles with 3 to 6 photos get more matches.'],
    photoTips: [
      ['Your photo is dark (mean brightness 37/255): take it near a window.'],
      ['The subject sits near the left edge: crop so you are closer to the middle.'],
    ],
  },
};

const roast = (intensity: RoastIntensity, extra: Partial<RoastRequest> = {}) =>
  writeRoast({ intensity, bio, photos: darkAndFar, seed: 1, ...extra });

/** Every line of an intensity, rendered with sample material. */
function renderedLines(intensity: RoastIntensity): string[] {
  const material = ROAST_MATERIAL[intensity];
  return [
    ...material.item.map((line) => line('weekend hikes')),
    ...material.cliche.map((line) => line('partner in crime')),
    ...Object.values(material.bio),
    material.noBio,
    ...Object.values(material.photo),
    material.noPhotos,
    material.fewPhotos(1),
    material.fewPhotos(2),
    ...material.ending,
  ];
}

describe('offline roasts (docs/product.md#roasts)', () => {
  it('writes each intensity from its own lines, about the bio and the photos the review describes', () => {
    const roasts = ROAST_INTENSITIES.map((intensity) => roast(intensity));
    expect(new Set(roasts).size).toBe(3);
    for (const [index, intensity] of ROAST_INTENSITIES.entries()) {
      const own = renderedLines(intensity);
      const others = ROAST_INTENSITIES.filter((other) => other !== intensity).flatMap(renderedLines);
      expect(own.filter((line) => others.includes(line))).toEqual([]);
      const text = roasts[index]!;
      expect(text.length).toBeLessThanOrEqual(ROAST_MAX);
      expect(text).toContain(ROAST_MATERIAL[intensity].fewPhotos(2));
    }
    expect(roasts[2]).toMatch(/^"(travel|pizza|netflix|partner in crime)"/);
    expect(roasts[2]).toContain(ROAST_MATERIAL.brutal.bio.noQuestion);
  });

  it('is the same for the same seed and material, and varies with the seed', () => {
    expect(roast('brutal')).toBe(roast('brutal'));
    const seeds = Array.from({ length: 8 }, (_, seed) => roast('brutal', { seed }));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('says when there is no bio or no photos, and what the review found', () => {
    const nothingShared = roast('honest', { bio: undefined, photos: { count: 0 } });
    expect(nothingShared).toContain(ROAST_MATERIAL.honest.noBio);
    expect(nothingShared).toContain(ROAST_MATERIAL.honest.noPhotos);
    const reviewed = roast('brutal', { photos: { ...darkAndFar, count: 4 } });
    expect(reviewed).toContain(ROAST_MATERIAL.brutal.photo.dark);
    expect(reviewed).toContain(ROAST_MATERIAL.brutal.photo.far);
  });

  it('never quotes a bio line that names a protected trait, nor crude words', () => {
    const text = roast('brutal', {
      bio: 'Proud of my religion, my height and my body. Shitty jokes',
      seed: 3,
    });
    expect(protectedTraitIn(text)).toBeUndefined();
    expect(text).not.toMatch(/shit/i);
  });

  it('no template of any intensity names a protected trait; the model prompt forbids them all', () => {
    for (const intensity of ROAST_INTENSITIES) {
      for (const line of renderedLines(intensity))
        expect([line, protectedTraitIn(line)]).toEqual([line, undefined]);
      const [system] = roastMessages({ intensity, bio, photos: darkAndFar });
      const prompt = typeof system?.content === 'string' ? system.content : '';
      expect(prompt).toMatch(/Never mention/);
      for (const trait of PROTECTED_TRAITS) expect(prompt).toContain(trait);
    }
  });

  it('protectedTraitIn finds the words alone, never inside other words', () => {
    expect(protectedTraitIn('my Height is great')).toBe('Height');
    expect(protectedTraitIn('nobody reads a message on a page')).toBeUndefined();
  });
});
