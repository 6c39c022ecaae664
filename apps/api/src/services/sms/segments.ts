/** The GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: an escape and the character, two septets each. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/** Single message, and each part of a concatenated one (its header takes the rest): GSM-7 septets, UCS-2 units. */
const SIZES = { gsm7: { single: 160, part: 153 }, ucs2: { single: 70, part: 67 } } as const;

/** Most segments a reply may take (docs/product.md#a-wingmate-by-text-message). */
export const MAX_REPLY_SEGMENTS = 4;
const ELLIPSIS = '...';

export interface SmsSize {
  /** GSM-7 when every character is in the GSM alphabet, else UCS-2. */
  readonly encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  readonly units: number;
  readonly segments: number;
}

/** How a text is sent: its encoding and how many segments it is billed as. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENSION.has(character)) septets += 2;
    else return sized('ucs2', text.length);
  }
  return sized('gsm7', septets);
}

function sized(encoding: SmsSize['encoding'], units: number): SmsSize {
  const { single, part } = SIZES[encoding];
  return { encoding, units, segments: units <= single ? 1 : Math.ceil(units / part) };
}

/**
 * The text as sent: whole when it fits in `maxSegments`, else cut after the last whole word that leaves room for
 * "..." (a word longer than the room is cut inside it).
 */
export function fitSegments(text: string, maxSegments = MAX_REPLY_SEGMENTS): string {
  const fits = (candidate: string) => smsSize(candidate).segments <= maxSegments;
  if (fits(text)) return text;
  // Adding characters never makes a text smaller, so the first prefix that does not fit ends the search.
  let kept = '';
  for (const piece of text.split(/(?=\s)/)) {
    const candidate = (kept + piece).trimEnd();
    if (!fits(candidate + ELLIPSIS)) break;
    kept += piece;
  }
  if (kept.trim() === '') {
    for (const character of text) {
      if (!fits(kept + character + ELLIPSIS)) break;
      kept += character;
    }
  }
  return kept.trimEnd() + ELLIPSIS;
}
