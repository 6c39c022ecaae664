import { createStore } from 'zustand/vanilla';

/** `all`: marketing cookies too (the tag manager and the ad pixels it loads); `necessary`: only what runs the site. */
export type CookieChoice = 'all' | 'necessary';

export interface ConsentState {
  /** `null` until the visitor chooses: the banner shows and nothing optional loads. */
  choice: CookieChoice | null;
  decidedAt: string | null;
  choose: (choice: CookieChoice) => void;
}

export const CONSENT_KEY = 'wingmate.cookie-consent';

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: ConsentStorage | undefined): Pick<ConsentState, 'choice' | 'decidedAt'> {
  try {
    const saved = JSON.parse(storage?.getItem(CONSENT_KEY) ?? 'null') as {
      choice?: unknown;
      decidedAt?: unknown;
    } | null;
    if (saved && (saved.choice === 'all' || saved.choice === 'necessary')) {
      return {
        choice: saved.choice,
        decidedAt: typeof saved.decidedAt === 'string' ? saved.decidedAt : null,
      };
    }
  } catch {
    // Unreadable or blocked storage: ask again.
  }
  return { choice: null, decidedAt: null };
}

/**
 * The visitor's cookie choice (docs/web.md#the-frame), kept on the device with the time it was made, so the banner
 * shows once and the choice can be changed from the footer's "Cookie settings".
 */
export function createConsentStore(storage: ConsentStorage | undefined, now: () => Date = () => new Date()) {
  return createStore<ConsentState>((set) => ({
    ...read(storage),
    choose: (choice) => {
      const decidedAt = now().toISOString();
      try {
        storage?.setItem(CONSENT_KEY, JSON.stringify({ choice, decidedAt }));
      } catch {
        // The choice holds for this visit even when the device will not keep it.
      }
      set({ choice, decidedAt });
    },
  }));
}

export function browserStorage(): ConsentStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
