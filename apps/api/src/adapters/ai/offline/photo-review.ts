import type { PhotoInput, PhotoReviewResult, PhotoScore } from '../ports';
import { analysePhoto, type PhotoAnalysis } from './photo-analysis';

/** Thresholds of the pixel review; tips quote the measured value against them. */
export const PHOTO_RULES = {
  minShortSide: 640,
  goodShortSide: 1080,
  darkBelow: 70,
  brightAbove: 200,
  flatBelow: 35,
  blurryBelow: 120,
  maxAspect: 2,
  /** The detail centre further than this from the middle (0..0.5 of the width or height) reads as off-frame. */
  offCentre: 0.28,
} as const;

const R = PHOTO_RULES;

/** One photo's score (0..100) and tips, from its pixels. */
export function scorePhoto(id: number, a: PhotoAnalysis): PhotoScore {
  const tips: string[] = [];
  const shortSide = Math.min(a.width, a.height);
  const resolution =
    shortSide >= R.goodShortSide ? 100 : shortSide >= R.minShortSide ? 80 : shortSide >= 400 ? 45 : 20;
  if (shortSide < R.minShortSide) {
    tips.push(
      `Your photo is small (${a.width}x${a.height} px): upload the original from your camera roll, at least ${R.goodShortSide} px on the short side, so it looks crisp on every phone.`,
    );
  }

  const brightness = Math.round(a.brightness);
  let exposure = 100;
  if (brightness < R.darkBelow) {
    exposure = Math.max(0, 100 - (R.darkBelow - brightness) * 2.2);
    tips.push(
      `Your photo is dark (mean brightness ${brightness}/255): take it near a window or outside in daylight, facing the light.`,
    );
  } else if (brightness > R.brightAbove) {
    exposure = Math.max(0, 100 - (brightness - R.brightAbove) * 2);
    tips.push(
      `Your photo is overexposed (mean brightness ${brightness}/255): move into open shade or away from direct sun so your face keeps its detail.`,
    );
  }

  const contrastValue = Math.round(a.contrast);
  const contrast = Math.min(100, (a.contrast / R.flatBelow) * 80);
  if (a.contrast < R.flatBelow) {
    tips.push(
      `Your photo looks flat (contrast ${contrastValue}, good photos are above ${R.flatBelow}): side light from a window, or a background that stands out from you, adds depth.`,
    );
  }

  const sharpnessValue = Math.round(a.sharpness);
  const sharpness = Math.min(100, (a.sharpness / R.blurryBelow) * 70);
  if (a.sharpness < R.blurryBelow) {
    tips.push(
      `Your photo is blurry (sharpness ${sharpnessValue}, sharp photos score above ${R.blurryBelow}): hold the phone still, tap your face to focus, and wipe the lens.`,
    );
  }

  let framing = 100;
  const aspect = Math.max(a.width / a.height, a.height / a.width);
  if (aspect > R.maxAspect) {
    framing -= 50;
    tips.push(
      `Your photo is very ${a.width > a.height ? 'wide' : 'tall'} (${aspect.toFixed(1)}:1): crop it to 4:5 or 3:4 so the app does not cut you out.`,
    );
  }
  const dx = a.detailCentre.x - 0.5;
  const dy = a.detailCentre.y - 0.5;
  if (Math.abs(dx) > R.offCentre || Math.abs(dy) > R.offCentre) {
    framing -= 40;
    const side = Math.abs(dx) >= Math.abs(dy) ? (dx < 0 ? 'left' : 'right') : dy < 0 ? 'top' : 'bottom';
    tips.push(
      `The subject sits near the ${side} edge (most detail is ${Math.round(a.detailCentre.x * 100)}% across, ${Math.round(a.detailCentre.y * 100)}% down): crop so you are closer to the middle.`,
    );
  }

  const score = Math.round(
    0.15 * resolution + 0.25 * exposure + 0.15 * contrast + 0.3 * sharpness + 0.15 * Math.max(0, framing),
  );
  if (tips.length === 0)
    tips.push('Good light, sharp and well framed: this one works. Keep it in your top three.');
  return { id, score: Math.max(0, Math.min(100, score)), tips };
}

/** Reviews a set of photos from their pixels alone: the offline review, and the fallback of the vision model's. */
export async function reviewPhotosFromPixels(
  photos: readonly PhotoInput[],
): Promise<Omit<PhotoReviewResult, 'model'>> {
  if (photos.length === 0) {
    return {
      score: 0,
      summary: 'No photos to review yet: upload three to six photos of yourself.',
      tips: [
        'Upload three to six photos: a clear face shot first, then a full-body shot and one doing something you love.',
      ],
      photos: [],
    };
  }
  const scored: PhotoScore[] = [];
  for (const photo of photos) scored.push(scorePhoto(photo.id, await analysePhoto(photo.bytes)));
  return summarise(scored);
}

export function summarise(scored: readonly PhotoScore[]): Omit<PhotoReviewResult, 'model'> {
  const average = scored.reduce((sum, photo) => sum + photo.score, 0) / scored.length;
  const best = scored.reduce((top, photo) => (photo.score > top.score ? photo : top));
  const worst = scored.reduce((low, photo) => (photo.score < low.score ? photo : low));
  const tips: string[] = [];
  if (scored.length < 3)
    tips.push(
      `Add ${3 - scored.length} more photo${scored.length === 2 ? '' : 's'}: profiles with 3 to 6 photos get more matches.`,
    );
  if (best.id !== scored[0]?.id)
    tips.push(`Lead with photo #${best.id} (score ${best.score}): it is your strongest.`);
  if (scored.length > 1 && worst.score < 50)
    tips.push(
      `Consider replacing photo #${worst.id} (score ${worst.score}): ${lowerFirst(worst.tips[0] ?? 'it is the weakest')}`,
    );
  if (tips.length === 0)
    tips.push('Solid set. Make sure at least one photo shows you doing something you love.');
  const score = Math.round(scored.length < 3 ? average - 5 * (3 - scored.length) : average);
  const verdict = score >= 75 ? 'Strong photos' : score >= 50 ? 'A decent start' : 'These photos need work';
  return {
    score: Math.max(0, Math.min(100, score)),
    summary: `${verdict}: ${scored.length} photo${scored.length === 1 ? '' : 's'} reviewed, average score ${Math.round(average)}/100. Your best is photo #${best.id} (${best.score}/100).`,
    tips,
    photos: scored,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
