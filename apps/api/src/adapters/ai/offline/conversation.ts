import type { ChatRequest } from '../ports';
import { hasLetters, normalise, tidy } from '../text';
import { asksForMore, recognise, type Intent } from './intents';

/** What the offline engine reads from the message and the recent turns before it answers. */
export interface Conversation {
  readonly intent: Intent;
  /** The user asked for more of the previous answer ("another one"). */
  readonly more: boolean;
  /** The match's words the user wants help answering, from this message or a recent one. */
  readonly quote: string | undefined;
  /** Something the user said about their match ("she loves climbing" -> "climbing"). */
  readonly matchInterest: string | undefined;
  /** A short piece of the user's own words, to show it was read. */
  readonly topic: string;
  /** Only emoji or symbols. */
  readonly emojiOnly: boolean;
  /** Letters, but hardly any English words. */
  readonly notEnglish: boolean;
  /** The user has talked with the AI before in this history. */
  readonly returning: boolean;
}

const QUOTE = /["“”«»„]\s*([^"“”«»„]{2,}?)\s*["“”«»„]/u;
const SAID = /\b(?:said|wrote|texted|replied|sent|asked)\s*(?:me)?\s*[:-]\s*(.{2,})$/iu;
const MATCH_LIKES =
  /\b(?:she|he|they|my match|who)\s*(?:'s|is|are)?\s*(?:really\s+)?(?:likes?|loves?|into|enjoys?|obsessed with)\s+([^.,!?;\n]{3,40})/iu;
const ENGLISH = new Set(
  'the an you me my to and is are it what how do should can for of in on with this that she he they her him we be help want need so not just'.split(
    ' ',
  ),
);

export function readConversation(request: ChatRequest): Conversation {
  const body = request.message.body;
  const userTurns = request.history.filter((turn) => turn.role === 'user').map((turn) => turn.body);
  let { intent } = recognise(body);
  const more = asksForMore(body) && userTurns.length > 0;
  if (more) {
    const previous = [...userTurns]
      .reverse()
      .map((turn) => recognise(turn).intent)
      .find((i) => i !== 'other');
    if (previous) intent = previous;
  }
  if (intent === 'other' && request.message.image) intent = 'photo';
  const quote =
    quoteIn(body) ??
    (intent === 'match_reply' ? [...userTurns].reverse().map(quoteIn).find(Boolean) : undefined);
  const matchInterest = MATCH_LIKES.exec(body)?.[1]?.trim();
  const words = normalise(body).split(' ').filter(Boolean);
  return {
    intent,
    more,
    quote: quote ? tidy(quote, 160) : undefined,
    matchInterest: matchInterest ? tidy(matchInterest, 40) : undefined,
    topic: tidy(body, 80),
    emojiOnly: body.trim() !== '' && !hasLetters(body),
    notEnglish: looksForeign(body, words),
    returning: request.history.some((turn) => turn.role === 'ai'),
  };
}

function quoteIn(text: string): string | undefined {
  const said = SAID.exec(text)?.[1]
    ?.replace(/[,;]?\s*(how|what)\b.*$/i, '')
    .trim();
  return QUOTE.exec(text)?.[1] ?? (said || undefined);
}

/** Mostly non-Latin letters (Arabic, CJK, Cyrillic...), or accented Latin with no common English word. */
function looksForeign(body: string, words: readonly string[]): boolean {
  const letters = body.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const nonLatin = letters.filter((letter) => !/\p{Script=Latin}/u.test(letter)).length;
  if (nonLatin / letters.length > 0.5) return true;
  const accented = /[¿¡àáâãäåçèéêëìíîïñòóôõöùúûüßœ]/iu.test(body);
  return accented && !words.some((word) => ENGLISH.has(word));
}
