import { createFeedbackStore, type FeedbackStore } from '@wingmate/core-sdk';
import { useState } from 'react';
import { useServices } from '../../stores/services';

/**
 * One feedback form's store: each opening of the dialog mounts a new form, so it starts with nothing sent and no
 * error.
 */
export function useFeedbackStore(): FeedbackStore {
  const { client } = useServices();
  const [store] = useState(() => createFeedbackStore(client.account));
  return store;
}
