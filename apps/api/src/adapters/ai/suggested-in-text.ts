import { CHAT_TONES } from '@wingmate/api-contract';
import type { ReplyHelper, ReplyTone, SuggestedMessage } from './ports';

/** A reply offers a few messages; more bullets than this are advice, not suggestions. */
const MOST_OFFERED = 5;
const BULLET = /^\s*(?:[•*\-–]|\d{1,2}[.)])\s+(.+)$/u;
const TONE_LABEL = /^\**\s*([a-z]+)\s*\**\s*[:\-–]\s*\**\s*(.+)$/iu;
const QUOTED = /["“]([^"”]+)["”]/u;

/**
 * The messages a configured model's helper reply offers (docs/product.md#what-works-for-you), read from the lines
 * its prompt asks for: `• tone: "message"`. A line's own tone label counts first, then the tone chosen, then the
 * tones asked for in order. Only a reply the helper asked for offers any: elsewhere a bullet is just advice.
 */
export function suggestedInText(body: string, helper: ReplyHelper | undefined): SuggestedMessage[] {
  const mode = helper?.mode;
  if (!mode) return [];
  const kind = mode === 'opener' ? 'opener' : 'reply';
  const found: SuggestedMessage[] = [];
  for (const line of body.split('\n')) {
    const bullet = BULLET.exec(line)?.[1];
    if (!bullet || found.length === MOST_OFFERED) continue;
    const labelled = TONE_LABEL.exec(bullet);
    const label = labelled?.[1]?.toLowerCase() as ReplyTone | undefined;
    const named = label && (CHAT_TONES as readonly string[]).includes(label) ? label : undefined;
    const rest = named ? (labelled?.[2] ?? bullet) : bullet;
    const text = (QUOTED.exec(rest)?.[1] ?? rest).trim();
    if (!text) continue;
    const tone = named ?? helper.tone ?? helper.tones?.[found.length] ?? helper.tones?.[0];
    if (tone) found.push({ kind, tone, text });
  }
  return found;
}
