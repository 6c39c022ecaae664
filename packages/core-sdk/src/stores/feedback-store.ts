import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface FeedbackState {
  /** `sent` stays: the form is done once its feedback went. */
  status: 'idle' | 'sending' | 'sent';
  /** Why the last send failed (an ApiError, read into words by the screen). */
  error: unknown;
}

export interface FeedbackStore extends ReadableStore<FeedbackState> {
  /** Sends the member's feedback; false when refused (`error`), and the form can send again. */
  send(text: string): Promise<boolean>;
}

/** One feedback form's sending: free text from a member (docs/product.md#dating-bio-photos-profile). */
export function createFeedbackStore(account: Pick<AccountResource, 'createFeedback'>): FeedbackStore {
  const store = createStore<FeedbackState>({ status: 'idle', error: null });

  async function send(text: string) {
    store.setState({ status: 'sending', error: null });
    try {
      await account.createFeedback({ text });
      store.setState({ status: 'sent' });
      return true;
    } catch (error) {
      store.setState({ status: 'idle', error });
      return false;
    }
  }

  return {
    ...readSide(store),
    send,
  };
}
