import { createChatStore, type ChatStore } from '@wingmate/core-sdk';
import { useState } from 'react';
import { useServices } from '../../stores/services';

/**
 * The chat screen's conversation (core-sdk's chat store), made once for as long as the screen is open; every
 * reply reloads the user info, whose remaining messages it changed.
 */
export function useChatStore(): ChatStore {
  const services = useServices();
  const [store] = useState(() =>
    createChatStore(services.client, { onCharged: () => void services.userInfo.getState().refresh() }),
  );
  return store;
}
