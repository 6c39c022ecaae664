import type { MatchStatus, MemoryUsed, ScreenshotStatus } from '@wingmate/api-contract';
import { MATCH_LIMITS, SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '../domain/match-limits';

/** How a match's status reads on its card and in its menu, in the order it is offered (docs/product.md#matches). */
export const matchStatusWords: Readonly<Record<MatchStatus, string>> = {
  talking: 'Talking',
  date_planned: 'Date planned',
  ended: 'Ended',
};

/** How a screenshot of an import reads while the import is shown. */
export const screenshotStatusWords: Readonly<Record<ScreenshotStatus, string>> = {
  queued: 'Waiting',
  reading: 'Reading',
  read: 'Read',
  failed: 'Not read',
};

/** The fields of a match a person types. */
export interface MatchFields {
  name?: string;
  where_met?: string;
  notes?: string;
  profile_text?: string;
}
export type MatchFieldProblems = Partial<Record<keyof MatchFields, string>>;

const fieldLimits: Readonly<Record<keyof MatchFields, readonly [label: string, max: number]>> = {
  name: ['The name', MATCH_LIMITS.nameLength],
  where_met: ['Where you met', MATCH_LIMITS.whereMetLength],
  notes: ['The notes', MATCH_LIMITS.notesLength],
  profile_text: ['The profile', MATCH_LIMITS.profileTextLength],
};

/**
 * What is wrong with a match's fields before they are sent, in the contract's limits: a name is needed (when
 * `name` is given, or always on a new match) and each field has its length (docs/decisions.md#matches).
 */
export function matchFieldProblems(fields: MatchFields, { isNew = false } = {}): MatchFieldProblems {
  const problems: MatchFieldProblems = {};
  if ((isNew || fields.name !== undefined) && !fields.name?.trim()) problems.name = 'Give the match a name.';
  for (const [field, [label, max]] of Object.entries(fieldLimits) as [
    keyof MatchFields,
    [string, number],
  ][]) {
    const value = fields[field];
    if (problems[field] === undefined && value !== undefined && value.length > max) {
      problems[field] = `${label} can be at most ${max.toLocaleString('en-US')} characters.`;
    }
  }
  return problems;
}

/** The words of a remembered fact or a transcript line that is empty or too long; null when it can be sent. */
export function factProblem(text: string): string | null {
  if (!text.trim()) return 'Write what the wingmate should remember.';
  return text.length > MATCH_LIMITS.factLength
    ? `A fact can be at most ${MATCH_LIMITS.factLength} characters.`
    : null;
}

export function lineProblem(text: string): string | null {
  if (!text.trim()) return 'A line needs some text.';
  return text.length > MATCH_LIMITS.lineLength
    ? `A line can be at most ${MATCH_LIMITS.lineLength.toLocaleString('en-US')} characters.`
    : null;
}

export type ScreenshotProblem = 'not-an-image' | 'too-large';

/** Why a chosen file cannot be sent as a screenshot, checked before it is sent; null when it can. */
export function screenshotProblemOf(file: Pick<Blob, 'type' | 'size'>): ScreenshotProblem | null {
  if (!SCREENSHOT_TYPES.includes(file.type)) return 'not-an-image';
  return file.size > SCREENSHOT_MAX_BYTES ? 'too-large' : null;
}

export const screenshotProblemText: Readonly<Record<ScreenshotProblem, string>> = {
  'not-an-image': 'That file is not a screenshot we can read. Choose a PNG, JPEG or WebP image.',
  'too-large': 'That screenshot is over 10 MB. Choose a smaller one.',
};

export const TOO_MANY_MATCH_PHOTOS = `A match keeps at most ${MATCH_LIMITS.photosPerMatch} photos. Remove one first.`;

/** A read transcript with every line removed: there is nothing to confirm. */
export const NO_LINES_TO_ADD = 'There is no line to add.';

export const TOO_MANY_SCREENSHOTS = `One import reads at most ${MATCH_LIMITS.screenshotsPerImport} screenshots. Confirm these, then add more.`;

/** Where an import stands, as a screen reader announces it (docs/product.md#screenshots-to-a-conversation). */
export type ImportProgress =
  | { step: 'sending'; number: number; of: number; percent: number }
  | { step: 'reading'; number: number; of: number; percent: number }
  | { step: 'ready'; screenshots: number; lines: number }
  | { step: 'failed' };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function importAnnouncement(progress: ImportProgress): string {
  switch (progress.step) {
    case 'sending':
      return `Sending screenshot ${progress.number} of ${progress.of}, ${progress.percent} %`;
    case 'reading':
      return `Reading screenshot ${progress.number} of ${progress.of}, ${progress.percent} %`;
    case 'ready':
      return `Read ${plural(progress.screenshots, 'screenshot', 'screenshots')}: ${plural(progress.lines, 'line', 'lines')} to check.`;
    case 'failed':
      return 'No text was found in these screenshots. Try clearer ones.';
  }
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What the wingmate read for a reply, shown under it: "Used: their profile, notes, 2 facts, last 12 lines"
 * (docs/product.md#how-a-matchs-memory-works).
 */
export function memoryUsedWords(used: MemoryUsed): string {
  const parts = [
    used.profile_answers > 0 && 'your profile',
    used.match_profile && 'their profile',
    used.notes && 'notes',
    used.summary && 'the summary',
    used.facts.length > 0 && counted(used.facts.length, 'fact', 'facts'),
    used.transcript_lines > 0 && `last ${counted(used.transcript_lines, 'line', 'lines')}`,
    used.chat_messages > 0 && counted(used.chat_messages, 'earlier message', 'earlier messages'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length ? `Used: ${parts.join(', ')}` : 'Used: nothing remembered yet';
}
