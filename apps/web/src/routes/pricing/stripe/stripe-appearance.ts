import type { Appearance } from '@stripe/stripe-js';
import type { ColorScheme } from './color-scheme';

/**
 * The Payment Element dressed in our theme: Stripe's own light (`stripe`) or dark (`night`) theme under our
 * tokens, read from the CSS custom properties styles.css sets on the root for the scheme in force. The element
 * lives in Stripe's iframe, where our variables do not reach, so their values are handed over.
 */
export function stripeAppearance(
  scheme: ColorScheme,
  root: HTMLElement = document.documentElement,
): Appearance {
  const style = getComputedStyle(root);
  const token = (name: string) => style.getPropertyValue(name).trim();
  const variables: NonNullable<Appearance['variables']> = {};
  const colorPrimary = token('--wm-brand');
  const colorBackground = token('--wm-surface');
  const colorText = token('--wm-ink');
  const colorDanger = token('--wm-danger');
  // Inter is self-hosted and cannot load inside Stripe's iframe: the stack falls back to the system's sans-serif.
  const fontFamily = token('--font-sans');
  const borderRadius = inPixels(token('--wm-radius-md'), style.fontSize);
  if (colorPrimary) variables.colorPrimary = colorPrimary;
  if (colorBackground) variables.colorBackground = colorBackground;
  if (colorText) variables.colorText = colorText;
  if (colorDanger) variables.colorDanger = colorDanger;
  if (fontFamily) variables.fontFamily = fontFamily;
  if (borderRadius) variables.borderRadius = borderRadius;
  return { theme: scheme === 'dark' ? 'night' : 'stripe', variables };
}

/** `0.625rem` as `10px` of our root's font size: a rem inside the iframe would follow Stripe's root instead. */
function inPixels(length: string, rootFontSize: string): string | undefined {
  if (!length) return undefined;
  const rem = /^(\d*\.?\d+)rem$/.exec(length);
  if (!rem) return length;
  const base = Number.parseFloat(rootFontSize) || 16;
  return `${Number(rem[1]) * base}px`;
}
