import type { ReadLine } from './reader';

/**
 * One conversation from the lines of several screenshots (docs/product.md#screenshots-to-a-conversation). People
 * scroll and capture, so each screenshot starts with the last lines of the one before: the screenshots are put in
 * the order that makes the most lines overlap (whatever order they were sent in; with no overlap, the order sent),
 * the lines repeated where two overlap are kept once, and a screenshot wholly inside another adds nothing. Lines
 * match when their sides are the same and their texts are, after normalising (case, punctuation, spaces) and
 * allowing a character in ten to differ (OCR misreads a letter now and then).
 */
export function stitchScreenshots(screenshots: readonly (readonly ReadLine[])[]): ReadLine[] {
  const keys = screenshots.map((lines) => lines.map(keyOf));
  const kept = screenshots
    .map((_, index) => index)
    .filter((index) => keys[index]!.length > 0 && !insideAnother(keys, index));
  const overlaps = kept.map((from) => kept.map((to) => (from === to ? 0 : overlap(keys[from]!, keys[to]!))));
  const stitched: ReadLine[] = [];
  let previous: number | undefined;
  for (const position of bestOrder(overlaps)) {
    const skip = previous === undefined ? 0 : overlaps[previous]![position]!;
    stitched.push(...screenshots[kept[position]!]!.slice(skip));
    previous = position;
  }
  return stitched;
}

/**
 * A message's wrapped lines as one: joined by a space, except after a hyphen, where the app broke a hyphenated
 * word ("well-" and "known" are "well-known").
 */
export function joinWrapped(lines: readonly string[]): string {
  return lines
    .reduce((text, line) => (text === '' ? line : text.endsWith('-') ? text + line : `${text} ${line}`), '')
    .replace(/\s+/g, ' ');
}

interface LineKey {
  readonly side: ReadLine['side'];
  readonly text: string;
}

function keyOf(line: ReadLine): LineKey {
  return {
    side: line.side,
    text: line.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
  };
}

function same(a: LineKey, b: LineKey): boolean {
  if (a.side !== b.side) return false;
  if (a.text === b.text) return true;
  const allowed = Math.floor(Math.max(a.text.length, b.text.length) / 10);
  return allowed > 0 && editDistance(a.text, b.text, allowed) <= allowed;
}

/** The most lines at the end of `first` that are the lines at the start of `second`. */
function overlap(first: readonly LineKey[], second: readonly LineKey[]): number {
  for (let count = Math.min(first.length, second.length); count > 0; count--) {
    const start = first.length - count;
    if (second.slice(0, count).every((line, index) => same(first[start + index]!, line))) return count;
  }
  return 0;
}

/**
 * A screenshot whose every line appears, in a row, in another that is longer (or as long and sent earlier): the
 * same part of the conversation captured twice.
 */
function insideAnother(keys: readonly (readonly LineKey[])[], index: number): boolean {
  const inner = keys[index]!;
  return keys.some((outer, other) => {
    if (other === index || outer.length < inner.length) return false;
    if (outer.length === inner.length && other > index) return false;
    for (let start = 0; start + inner.length <= outer.length; start++) {
      if (inner.every((line, offset) => same(outer[start + offset]!, line))) return true;
    }
    return false;
  });
}

/**
 * The order of the screenshots with the most overlapping lines between neighbours, by dynamic programming over
 * the subsets (at most ten screenshots: 1,024 subsets). Between orders that overlap as much, the one closest to
 * the order sent wins: each step back in the sent order costs a little, never as much as one line.
 */
function bestOrder(overlaps: readonly (readonly number[])[]): number[] {
  const count = overlaps.length;
  if (count === 0) return [];
  const full = (1 << count) - 1;
  const score = (from: number, to: number) => overlaps[from]![to]! * count + (to < from ? -1 : 0);
  const best: number[][] = Array.from({ length: full + 1 }, () => new Array<number>(count).fill(-Infinity));
  const before: number[][] = Array.from({ length: full + 1 }, () => new Array<number>(count).fill(-1));
  for (let index = 0; index < count; index++) best[1 << index]![index] = 0;
  for (let set = 1; set <= full; set++) {
    for (let last = 0; last < count; last++) {
      const value = best[set]![last]!;
      if (value === -Infinity) continue;
      for (let next = 0; next < count; next++) {
        if (set & (1 << next)) continue;
        const grown = set | (1 << next);
        const candidate = value + score(last, next);
        if (candidate > best[grown]![next]!) {
          best[grown]![next] = candidate;
          before[grown]![next] = last;
        }
      }
    }
  }
  let last = 0;
  for (let index = 1; index < count; index++) if (best[full]![index]! > best[full]![last]!) last = index;
  const order: number[] = [];
  for (let set = full; last >= 0;) {
    order.unshift(last);
    const previous = before[set]![last]!;
    set &= ~(1 << last);
    last = previous;
  }
  return order;
}

/** Levenshtein distance, given up (returning `limit + 1`) once every path is past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
      smallest = Math.min(smallest, next[j]!);
    }
    if (smallest > limit) return limit + 1;
    row = next;
  }
  return row[b.length]!;
}
