import type { SuggestionKind } from '@wingmate/api-contract';
import type { ChatStyle, ReplyTone, SuggestedMessage } from '../ports';

/**
 * The messages an offline reply offers to send (docs/product.md#what-works-for-you), kept as they are written into
 * it: each rewritten to the person's style when they have one (docs/product.md#sounds-like-me), so the reply's text
 * and its suggestions say the same words.
 */
export class OfferedMessages {
  private readonly offered: SuggestedMessage[] = [];

  constructor(
    private readonly style: ChatStyle | undefined,
    private readonly seed: string,
  ) {}

  /** Keeps the message and answers it as the reply shows it: in double quotes. */
  quote(kind: SuggestionKind, tone: ReplyTone, text: string): string {
    const plain = text.replace(/^"|"$/g, '');
    const written = this.style ? this.style.adapt(plain, `${this.seed}:${this.offered.length}`) : plain;
    this.offered.push({ kind, tone, text: written });
    return `"${written}"`;
  }

  get messages(): readonly SuggestedMessage[] {
    return this.offered;
  }
}
