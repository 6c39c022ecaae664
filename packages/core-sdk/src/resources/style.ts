import type { SuggestionOutcome } from '@wingmate/api-contract';
import type { BodyOf, CallOptions } from '../http/operation';
import type { ResourceDeps } from './deps';

/** Messages of the person's own to learn from: pasted (one a line), or their side of a match's transcript. */
export type StyleSamples = { text: string } | { match_id: number };

/**
 * Sounds like me and what works for you (docs/product.md#sounds-like-me): the person's texting style, and the
 * outcomes of the suggestions they sent. A member's by token, a visitor's by the stored uid in the query when no
 * token is held (docs/decisions.md#core-sdk).
 */
export function styleResource({ call, visitorId, hasToken }: ResourceDeps) {
  const owner = () => (hasToken() ? {} : { uid: visitorId.get() });

  return {
    /** The style: the profile learnt (null until messages are given), in plain words. */
    getStyle: (options?: CallOptions) => call('getStyle', { query: owner(), ...options }),
    /** Adds messages (pasted, or the person's side of a match) and learns the profile again from all kept. */
    addStyleSamples: (samples: StyleSamples, options?: CallOptions) =>
      call('addStyleSamples', { query: owner(), body: samples, ...options }),
    /** Saves the profile as the person edited it. */
    updateStyleProfile: (profile: BodyOf<'updateStyleProfile'>, options?: CallOptions) =>
      call('updateStyleProfile', { query: owner(), body: profile, ...options }),
    /** Forgets the messages kept and the profile. */
    async deleteStyle(options?: CallOptions): Promise<void> {
      await call('deleteStyle', { query: owner(), ...options });
    },

    /** Marks a suggestion sent, or what came of it (any outcome marks it sent too); a later one replaces it. */
    markSuggestion: (id: string, outcome: SuggestionOutcome, options?: CallOptions) =>
      call('markSuggestion', { params: { id }, query: owner(), body: { outcome }, ...options }),
    /** Each kind's tones with the person's outcomes and the rates behind the order they are offered in. */
    getWhatWorks: (options?: CallOptions) => call('getWhatWorks', { query: owner(), ...options }),
  };
}

export type StyleResource = ReturnType<typeof styleResource>;
