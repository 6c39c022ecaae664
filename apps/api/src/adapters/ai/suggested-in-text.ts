import { CHAT_TONES, type SuggestionKind } from '@wingmate/api-contract';
import { offeredKind } from './offered-kind';
import type { ChatRequest, ReplyHelper, ReplyTone, SuggestedMessage } from './ports';

/** A reply offers a few messages; more bullets than this are advice, not suggestions. */
const MOST_OFFERED = 5;
const BULLET = /^\s*(?:[•*\-–]|\d{1,2}[.)])\s+(.+)$/u;
const TONE_LABEL = /^\**\s*([a-z]+)\s*\**\s*[:\-–]\s*\**\s*(.+)$/iu;
const QUOTED = /["“]([^"”]+)["”]/u;

/** A line as the prompt asks for it: its tone label if it has one of the five, and its message. */
function readLine(bullet: string): { tone: ReplyTone | undefined; text: string; quoted: boolean } {
  const labelled = TONE_LABEL.exec(bullet);
  const label = labelled?.[1]?.toLowerCase();
  const tone = label && (CHAT_TONES as readonly string[]).includes(label) ? (label as ReplyTone) : undefined;
  const rest = tone ? (labelled?.[2] ?? bullet) : bullet;
  const quoted = QUOTED.exec(rest)?.[1];
  return { tone, text: (quoted ?? rest).trim(), quoted: quoted !== undefined };
}

/** The bullets of a reply, at most five, each read as a line. */
function bulletsOf(body: string) {
  return body
    .split('\n')
    .flatMap((line) => {
      const bullet = BULLET.exec(line)?.[1];
      return bullet ? [readLine(bullet)] : [];
    })
    .filter((line) => line.text !== '');
}

/**
 * The messages a configured model's reply offers (docs/product.md#what-works-for-you), read from the lines its prompt
 * asks for: `• tone: "message"`. With the helper's mode, every bullet is one: its own tone label counts first, then
 * the tone chosen, then the tones asked for in order. Without it, a reply that may offer messages (`offeredKind`)
 * offers only the lines in that exact shape, a tone of the five and a quoted message: other bullets are advice.
 */
export function suggestedInText(body: string, request: ChatRequest): SuggestedMessage[] {
  const helper = request.helper;
  if (helper?.mode) return helperSuggestions(body, helper, helper.mode === 'opener' ? 'opener' : 'reply');
  const kind = offeredKind(request);
  if (!kind) return [];
  return bulletsOf(body)
    .flatMap(({ tone, text, quoted }) => (tone && quoted ? [{ kind, tone, text }] : []))
    .slice(0, MOST_OFFERED);
}

function helperSuggestions(body: string, helper: ReplyHelper, kind: SuggestionKind): SuggestedMessage[] {
  const found: SuggestedMessage[] = [];
  for (const { tone: named, text } of bulletsOf(body)) {
    if (found.length === MOST_OFFERED) break;
    const tone = named ?? helper.tone ?? helper.tones?.[found.length] ?? helper.tones?.[0];
    if (tone) found.push({ kind, tone, text });
  }
  return found;
}
