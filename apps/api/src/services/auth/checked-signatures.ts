/**
 * The payloads of the access tokens whose signature and header checked most recently, by the whole token, so a
 * token sent again is not checked again (docs/performance.md#signatures-checked-once-per-token). Only what a token
 * says is remembered, never whether it is still valid: its times, its session and its user are checked on every
 * use. A token is the exact text that was signed, so a changed token is a different key and is checked afresh.
 * Holds at most `capacity` tokens; the one remembered first goes first.
 */
export class CheckedSignatures {
  private readonly payloads = new Map<string, Readonly<Record<string, unknown>>>();

  constructor(private readonly capacity: number) {}

  payloadOf(token: string): Readonly<Record<string, unknown>> | undefined {
    return this.payloads.get(token);
  }

  remember(token: string, payload: Record<string, unknown>): Readonly<Record<string, unknown>> {
    if (this.capacity <= 0) return payload;
    if (this.payloads.size >= this.capacity) {
      const oldest = this.payloads.keys().next();
      if (!oldest.done) this.payloads.delete(oldest.value);
    }
    const frozen = Object.freeze(payload);
    this.payloads.set(token, frozen);
    return frozen;
  }

  get size(): number {
    return this.payloads.size;
  }
}
