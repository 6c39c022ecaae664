import type { FollowUpRequest } from '../ports';
import { hashOf, seededRandom } from '../prng';
import { normalise, truncate } from '../text';

export const FOLLOW_UP_MAX = 800;

/** Answers a question about a photo review from the review's own scores and tips. */
export function answerFollowUp({ review, question, seed }: FollowUpRequest): string {
  const q = ` ${normalise(question)} `;
  const random = seededRandom(hashOf(seed ?? 0, question));
  const photos = [...review.photos].sort((a, b) => b.score - a.score);
  const best = photos[0];
  const worst = photos[photos.length - 1];
  const tipsAbout = (word: RegExp) =>
    review.photos.flatMap((p) =>
      p.tips.filter((tip) => word.test(tip)).map((tip) => `Photo #${p.id}: ${tip}`),
    );

  let answer: string;
  if (!best) {
    answer = 'There are no photos in this review yet. Upload a few and ask me again.';
  } else if (/ (first|main|best|lead|top|strongest|favou?rite) /.test(q)) {
    answer = `Lead with photo #${best.id}: it scored ${best.score}/100, the best of the set.${photos[1] ? ` Photo #${photos[1].id} (${photos[1].score}) makes a good second.` : ''}`;
  } else if (/ (worst|weakest|remove|delete|drop|replace) /.test(q)) {
    answer = `Photo #${worst?.id} is the weakest (${worst?.score}/100). ${worst?.tips[0] ?? ''}`;
  } else if (/ (light|lighting|dark|bright|exposure|sun) /.test(q)) {
    const tips = tipsAbout(/dark|overexposed|flat/);
    answer = tips.length
      ? tips.join(' ')
      : 'Your lighting measured fine in every photo. Soft daylight from a window or open shade keeps it that way.';
  } else if (/ (blur|blurry|sharp|focus|quality|resolution|pixel) /.test(q)) {
    const tips = tipsAbout(/blurry|small/);
    answer = tips.length ? tips.join(' ') : 'All your photos are sharp and large enough. Nice.';
  } else if (/ (how many|more photos|number of) /.test(q)) {
    answer = `You have ${review.photos.length}. Aim for 4 to 6: a face shot, a full-body shot, a hobby, and one social photo.`;
  } else {
    answer = random.pick([
      `Overall ${review.score}/100. ${review.tips[0] ?? ''} Ask me which photo to lead with, or how to fix the lighting.`,
      `Here's the short version: ${review.summary} Next step: ${review.tips[0] ?? 'keep your best photo first.'}`,
    ]);
  }
  return truncate(answer.replace(/\s+/g, ' ').trim(), FOLLOW_UP_MAX);
}
