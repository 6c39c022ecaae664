const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts `text` to at most `max` UTF-16 units on a grapheme boundary (so never inside a surrogate pair, an emoji
 * sequence or a combining mark), adding an ellipsis when it cut.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 1);
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Lowercased, NFKC, with punctuation and emoji turned into spaces; apostrophes kept ("what's"). */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Collapses runs of whitespace, trims and bounds a user's text before it is quoted back. */
export function tidy(text: string, max: number): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), max);
}

export function hasLetters(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
