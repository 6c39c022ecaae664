import { createFeedbackStore, type FeedbackStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/**
 * One feedback form's store: each opening of the dialog mounts a new form, so it starts with nothing sent and no
 * error.
 */
export function useFeedbackStore(): FeedbackStore {
  return useScreenStore((client) => createFeedbackStore(client.account));
}
