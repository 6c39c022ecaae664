/** The bio lengths the big apps allow (characters), shown against the bio as it is typed. */
export const BIO_LIMITS = [
  { app: 'Tinder', limit: 500 },
  { app: 'Bumble', limit: 300 },
  { app: 'Hinge prompt', limit: 150 },
] as const;

export interface LimitFit {
  app: string;
  limit: number;
  /** Characters still free (negative: over by that many). */
  left: number;
}

/** Characters as the apps count them: one per code point, so an emoji is one, not two. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** How the text fits each app's limit. */
export function fitAgainstLimits(text: string): LimitFit[] {
  const length = characterCount(text);
  return BIO_LIMITS.map(({ app, limit }) => ({ app, limit, left: limit - length }));
}
