import type { KeyValueStorage } from '@wingmate/core-sdk';

/** Where the device keeps who has sent a chat message (the uid and the account id, never a contact). */
export const FIRST_MESSAGE_KEY = 'wingmate_funnel_senders';
const KEPT = 20;

/**
 * Whether a send is a person's first, as this device knows it: a visitor's first message counts once even if
 * they sign up afterwards (the uid is remembered), and a member signing in again is known by account id.
 */
export interface FirstMessageMemory {
  /** True once per person: the first time any of `identities` sends; remembers them all afterwards. */
  isFirst(identities: readonly string[]): boolean;
}

export function firstMessageMemory(storage: KeyValueStorage): FirstMessageMemory {
  const read = (): string[] => {
    try {
      const stored: unknown = JSON.parse(storage.get(FIRST_MESSAGE_KEY) ?? '[]');
      return Array.isArray(stored) ? stored.filter((entry) => typeof entry === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    isFirst(identities) {
      const known = read();
      const first = !identities.some((identity) => known.includes(identity));
      const added = identities.filter((identity) => !known.includes(identity));
      if (added.length) storage.set(FIRST_MESSAGE_KEY, JSON.stringify([...known, ...added].slice(-KEPT)));
      return first;
    },
  };
}
